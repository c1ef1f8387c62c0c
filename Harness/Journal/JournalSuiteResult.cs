using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Harness.Journal;

/// <summary>A journal run: every workload's cells, the goals read from them, and where it ran.</summary>
/// <param name="Contenders">The table's columns, in order.</param>
/// <param name="Peer">The Akka journal's settings as it ran, or why it did not run.</param>
public sealed record JournalSuiteResult(
    JournalSuiteSettings Settings, IReadOnlyList<JournalWorkload> Workloads, IReadOnlyList<string> Contenders, IReadOnlyList<JournalCell> Cells,
    IReadOnlyList<PipelineGoal> Goals, string Peer, SuiteEnvironment Environment)
{
    public JournalCell? Cell(string workload, string contender) => Cells.FirstOrDefault(c => c.Workload == workload && c.Contender == contender);
}
