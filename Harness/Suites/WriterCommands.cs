using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Suites;

/// <summary>
/// What a writer child process (the faults suite's, the processes suite's) commits, run by the engine's own runner:
/// sustained aggregate commands on aggregates that every writer process names alike, in a command mode, or sustained
/// plain commits of each committer's own.
/// </summary>
/// <param name="Slots">The committers' slots.</param>
/// <param name="Contention">Conflicts, retries and commands given up, as the runner counts them.</param>
/// <param name="Runner">Runs a committer's next command.</param>
internal sealed record WriterCommands(CommitterSlots Slots, ContentionTally Contention, ICommandRunner Runner)
{
    /// <param name="aggregatesName">The name every writer process gives the shared aggregates.</param>
    public static WriterCommands OnSharedAggregates(
        IContender contender, IEventLog store, ICommitStrategy strategy, int committers, int eventsPerCommit, int aggregates, string aggregatesName, CommandMode commands, int conflictRetries)
    {
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, eventsPerCommit, committers, aggregates, Commands: commands);
        return Create(contender, store, strategy, new CommitterSlots(cell, SampleEvents.DefaultPayloadBytes, sharedAggregates: aggregatesName), commands, conflictRetries);
    }

    /// <summary>Plain commits of <paramref name="eventsPerCommit"/> events, each committer to an event source of its own: nothing to conflict on.</summary>
    public static WriterCommands Plain(IContender contender, IEventLog store, ICommitStrategy strategy, int committers, int eventsPerCommit)
    {
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, eventsPerCommit, committers);
        return Create(contender, store, strategy, new CommitterSlots(cell, SampleEvents.DefaultPayloadBytes), CommandMode.Optimistic, conflictRetries: 0);
    }

    private static WriterCommands Create(IContender contender, IEventLog store, ICommitStrategy strategy, CommitterSlots slots, CommandMode commands, int conflictRetries)
    {
        ArgumentNullException.ThrowIfNull(contender);
        ArgumentNullException.ThrowIfNull(strategy);
        var contention = new ContentionTally();
        var attempts = new CommandAttempts(contender, store, new CommitLedger(), slots, new CaseReaders(store, strategy.Guarantees), contention, conflictRetries);
        return new WriterCommands(slots, contention, CommandRunners.For(commands, attempts, slots, contender.TakesWholeGroups));
    }
}
