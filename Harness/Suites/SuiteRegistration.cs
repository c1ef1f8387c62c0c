using EventCommitLab.Harness.Cli;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Suites;

/// <summary>
/// A suite as the harness knows it: its verb (its own options, and how a parse of them sets the suite and its settings
/// in the options), how it runs, and its pages and figures read back from its results.json (null for a suite whose
/// results.json is the main job's run record). Adding a suite is its folder and one line of <see cref="SuiteCatalog"/>.
/// </summary>
/// <param name="Verb">Makes the suite's command (a command has one parent, so each command line gets its own).</param>
/// <param name="RunAsync">Runs it: the options, the command line as the run's header shows it, the console.</param>
internal sealed record SuiteRegistration(
    string Name,
    Func<LabVerb> Verb,
    SuiteReport? Report,
    Func<HarnessOptions, string, TextWriter, CancellationToken, Task<int>> RunAsync)
{
    /// <summary>Whether its verb stands under <c>suite</c> (<c>suite tags</c>) rather than alone (<c>faults</c>).</summary>
    public bool UnderSuiteGroup { get; init; }

    /// <summary>The processes it starts from the harness (writer processes), each under an internal verb of its own.</summary>
    public IReadOnlyList<SuiteChild> Children { get; init; } = [];
}
