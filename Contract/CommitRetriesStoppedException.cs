namespace EventCommitLab.Contract;

/// <summary>
/// A commit failed transiently while its caller had stopped retries (the lab does once a measured window has closed and
/// it only waits for the commits in flight): it was not tried again. Nothing of it was written.
/// <see cref="Exception.InnerException"/> is the transient failure.
/// </summary>
public sealed class CommitRetriesStoppedException(int attempts, Exception lastFailure)
    : Exception(
        string.Create(System.Globalization.CultureInfo.InvariantCulture,
            $"Retries stopped by the caller after {attempts} attempts; last transient failure: {lastFailure.Message.Split('\n')[0].Trim()}"),
        lastFailure)
{
    public int Attempts { get; } = attempts;
}
