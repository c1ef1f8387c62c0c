using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Cli;

/// <summary>
/// Every suite whose results.json is a <see cref="SuiteRecord"/>, with its pages and figures: what <c>report</c> writes
/// again and <c>compare</c> sets side by side. (The main job's and the pipeline's results.json is a <see cref="RunRecord"/>.)
/// </summary>
internal static class SuiteReports
{
    public static IReadOnlyList<SuiteReport> All => [.. SuiteCatalog.All.Select(s => s.Report).OfType<SuiteReport>()];

    /// <exception cref="InvalidDataException">No suite of this harness has that name.</exception>
    public static SuiteReport Get(string suite, string folder) =>
        All.FirstOrDefault(r => r.Suite == suite)
        ?? throw new InvalidDataException($"{Path.Combine(folder, SuiteRecord.FileName)} names suite '{suite}', which this harness has not; valid: {string.Join(", ", All.Select(r => r.Suite))}.");
}
