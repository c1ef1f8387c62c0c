using EventCommitLab.Engine.Racing;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Journal;

/// <summary>A journal run: every workload's cells, the goals read from them, and where it ran.</summary>
/// <param name="Contenders">The table's columns, in order.</param>
/// <param name="Peer">The Akka journal's settings as it ran, or why it did not run.</param>
/// <param name="Race">How each workload's race decided; null in runs from before the race.</param>
/// <param name="Verdicts">Each workload's verdict; null in runs from before the race.</param>
public sealed record JournalSuiteResult(
    JournalSuiteSettings Settings, IReadOnlyList<JournalWorkload> Workloads, IReadOnlyList<string> Contenders, IReadOnlyList<JournalCell> Cells,
    IReadOnlyList<PipelineGoal> Goals, string Peer, SuiteEnvironment Environment, RaceSettings? Race = null, IReadOnlyList<JournalVerdict>? Verdicts = null)
{
    public JournalCell? Cell(string workload, string contender) => Cells.FirstOrDefault(c => c.Workload == workload && c.Contender == contender);

    public JournalVerdict? Verdict(string workload) => Verdicts?.FirstOrDefault(v => v.Workload == workload);
}
