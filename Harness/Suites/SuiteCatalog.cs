using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.Harness.Faults;
using EventCommitLab.Harness.Floor;
using EventCommitLab.Harness.Journal;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Harness.Processes;
using EventCommitLab.Harness.Reads;
using EventCommitLab.Harness.Seed;
using EventCommitLab.Harness.Sweep;
using EventCommitLab.Harness.Tags;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Suites;

/// <summary>
/// Every suite the harness runs beside the main job, by name, as the strategy and store catalogs are: the command line,
/// its help, <c>report</c> and <c>compare</c> are derived from it. Adding a suite is its folder and one line here.
/// </summary>
internal static class SuiteCatalog
{
    // Registrations added for one flow of control only, as the other catalogs': how a test proves a suite's line is enough.
    private static readonly AsyncLocal<IReadOnlyList<SuiteRegistration>?> Added = new();

    private static readonly IReadOnlyList<SuiteRegistration> Lab =
    [
        FloorSuite.Registration,
        JournalSuite.Registration,
        TagsSuite.Registration,
        DcbSuite.Registration,
        ReadsSuite.Registration,
        PipelineSuite.Registration,
        SweepSuite.Registration,
        SeedSuite.Registration,
        FaultsSuite.Registration,
        ProcessesSuite.Registration,
    ];

    /// <summary>Every suite, in catalog order (the help's).</summary>
    public static IReadOnlyList<SuiteRegistration> All => Added.Value is { } added ? [.. Lab, .. added] : Lab;

    /// <exception cref="ArgumentException">No suite has that name; the message lists those that do.</exception>
    public static SuiteRegistration Get(string name) =>
        All.FirstOrDefault(s => s.Name == name)
        ?? throw new ArgumentException($"'{name}' is not a suite; valid: {string.Join(", ", All.Select(s => s.Name))}.");

    /// <summary>The catalog with <paramref name="registration"/> as one more line, for the calling flow of control until disposed.</summary>
    public static IDisposable Including(SuiteRegistration registration)
    {
        var before = Added.Value;
        Added.Value = [.. before ?? [], registration];
        return new CatalogScope(() => Added.Value = before);
    }
}
