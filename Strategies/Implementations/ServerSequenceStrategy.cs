using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// Each caller's own commit takes its numbers from the database's sequence, one per event, in the insert statement:
/// Marten's quick append, Eventuous's and MessageDB's global position. A plain commit is that one statement with no
/// transaction; an aggregate commit checks its version first in a transaction of its own.
/// </summary>
/// <remarks>
/// No lock is shared, so commits never queue on each other; the price is what the sequence does not promise: a
/// commit's numbers need not be consecutive when commits run side by side, a failed commit leaves its numbers unused,
/// and a later number can be committed, and read, before an earlier one.
/// </remarks>
public class ServerSequenceStrategy(IEventStore store, CommitStrategyOptions options) : CommitStrategyBase(store, options), IClaimsGuarantees
{
    public static StrategyGuarantees Claims { get; } = new(
        AtomicMultiEventCommit: true, GapFreeSequence: false, ContiguousCommit: false, SafeWithSeveralWriterProcesses: true);

    public override StrategyGuarantees Guarantees => Claims;

    /// <summary>What the store must offer; a store that lacks it lists the strategy as not available.</summary>
    public static IReadOnlyList<StoreFeature> Needs { get; } = [StoreFeature.ServerSequence];

    /// <summary>Whether each event also stores its transaction's id, for readers that stop below the transaction horizon.</summary>
    protected virtual bool RecordTransaction => false;

    protected override async Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        await using var session = request.Aggregate is null
            ? await Store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false)
            : await Store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        await AggregateVersionGuard.EnsureAsync(session, request, cancellationToken).ConfigureAwait(false);
        var numbers = await session.InsertEventsNumberedByServerAsync(request, RecordTransaction, cancellationToken).ConfigureAwait(false);
        await session.CommitAsync(cancellationToken).ConfigureAwait(false);
        return new CommitResult(request.CommitId, numbers, request.NextAggregateVersion);
    }
}
