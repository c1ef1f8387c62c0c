namespace EventCommitLab.Harness.Runs;

/// <summary>
/// A run was measured and its record written, but a page (or chart) could not be written from it: the folder is kept
/// with its record, so that <c>report</c> writes the pages once the cause is fixed, instead of the measurement being lost.
/// </summary>
public sealed class PagesNotWrittenException(string folder, Exception cause)
    : Exception($"the run's measurements are kept in {Path.Combine(folder, "results.json")}, but its pages could not be written ({cause.GetType().Name}: {cause.Message}); after the fix, `report {folder}` writes them.", cause)
{
    public string Folder { get; } = folder;
}
