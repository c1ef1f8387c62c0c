using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// <see cref="ServerSequenceStrategy"/> storing each event's transaction id, so that readers can stop below the
/// transaction horizon (the oldest transaction still running) and deliver by transaction id, then number: what Emmett
/// and go-crablet do on PostgreSQL. The writes are the same; what changes is what a reader may trust.
/// </summary>
public sealed class ServerSequenceWithHorizonStrategy(IEventStore store, CommitStrategyOptions options) : ServerSequenceStrategy(store, options), IClaimsGuarantees
{
    public static new StrategyGuarantees Claims { get; } = new(
        AtomicMultiEventCommit: true, GapFreeSequence: false, ContiguousCommit: false, SafeWithSeveralWriterProcesses: true,
        HorizonOrderedVisibility: true);

    public override StrategyGuarantees Guarantees => Claims;

    /// <summary>What the store must offer; a store that lacks it lists the strategy as not available.</summary>
    public static new IReadOnlyList<StoreFeature> Needs { get; } = [StoreFeature.ServerSequence, StoreFeature.TransactionHorizon];

    protected override bool RecordTransaction => true;
}
