using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Suites;

/// <summary>
/// Sustained aggregate commands on aggregates that every writer process names alike, run in a command mode by the
/// engine's own runner: what a writer child process (the faults suite's, the processes suite's) commits.
/// </summary>
/// <param name="Slots">The committers' slots, drawing on the shared aggregates.</param>
/// <param name="Contention">Conflicts, retries and commands given up, as the runner counts them.</param>
/// <param name="Runner">Runs a committer's next command in the mode.</param>
internal sealed record SharedAggregateCommands(CommitterSlots Slots, ContentionTally Contention, ICommandRunner Runner)
{
    /// <param name="aggregatesName">The name every writer process gives the shared aggregates.</param>
    public static SharedAggregateCommands Create(
        IContender contender, IEventLog store, ICommitStrategy strategy, int committers, int eventsPerCommit, int aggregates, string aggregatesName, CommandMode commands, int conflictRetries)
    {
        ArgumentNullException.ThrowIfNull(contender);
        ArgumentNullException.ThrowIfNull(strategy);
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, eventsPerCommit, committers, aggregates, Commands: commands);
        var slots = new CommitterSlots(cell, SampleEvents.DefaultPayloadBytes, sharedAggregates: aggregatesName);
        var contention = new ContentionTally();
        var attempts = new CommandAttempts(contender, store, new CommitLedger(), slots, new CaseReaders(store, strategy.Guarantees), contention, conflictRetries);
        return new SharedAggregateCommands(slots, contention, CommandRunners.For(commands, attempts, slots, contender.TakesWholeGroups));
    }
}
