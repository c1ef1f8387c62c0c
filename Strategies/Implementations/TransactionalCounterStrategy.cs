using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// One transaction per commit; the commit's range of sequence numbers is reserved from a counter row or document
/// inside that transaction, and the events go in with one multi-event insert.
/// </summary>
/// <remarks>
/// The counter is locked from the reservation to the end of the transaction, so commits queue on it instead of
/// racing where the store's row locks queue writers (PostgreSQL; MongoDB aborts the second writer with a write
/// conflict, which the retry policy then repeats): no retries there, no gaps (a rolled-back reservation is undone),
/// safe with several processes. The price is that commits are serialised for the length of their insert and flush.
/// The same lock keeps append conditions: a conditional commit is checked after its reservation, when every rival
/// before it has committed or rolled back and none after it can commit, and numbers are committed in their order, so
/// no event numbered below a position a caller has read can commit after that read.
/// </remarks>
public sealed class TransactionalCounterStrategy(IEventStore store, CommitStrategyOptions options) : CommitStrategyBase(store, options), IClaimsGuarantees
{
    public static StrategyGuarantees Claims { get; } = StrategyGuarantees.All with { CounterAtLogEnd = true, KeepsAppendConditions = true };

    public override StrategyGuarantees Guarantees => Claims;

    protected override async Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        await using var transaction = await Store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);

        // The aggregate is checked before the counter is taken so that the counter is held as briefly as possible.
        await AggregateVersionGuard.EnsureAsync(transaction, request, cancellationToken).ConfigureAwait(false);
        var first = await transaction.ReserveSequenceNumbersAsync(request.Events.Count, cancellationToken).ConfigureAwait(false);
        await AppendConditionGuard.EnsureAsync(transaction, request, cancellationToken).ConfigureAwait(false);
        var events = request.Stamp(first);
        await transaction.InsertEventsAsync(events, cancellationToken).ConfigureAwait(false);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        return AggregateVersionGuard.Acknowledge(request, events);
    }
}
