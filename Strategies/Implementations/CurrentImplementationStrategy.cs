using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// The event store's current implementation: one transaction per commit, the next sequence number is the count of
/// the event log read inside that transaction, and each event is inserted on its own.
/// </summary>
/// <remarks>
/// Two concurrent commits read the same count and try to write the same sequence numbers; the database's unique key
/// on the sequence number lets one win and rejects the other, which the store reports as transient and the retry
/// pipeline runs again from the count. The cost therefore grows with concurrency (lost races) and with the log's
/// size (the count).
/// Conditions hold through the same unique key: a conditional commit is checked after the count, and a rival the
/// check did not see either wrote the same numbers (one of the two fails and retries, and the retry's check sees the
/// other) or numbers the count already saw taken (so it fails itself). For the same reason a number is never committed
/// below one a reader has already seen, so a condition's position keeps its meaning.
/// </remarks>
public sealed class CurrentImplementationStrategy(IEventStore store, CommitStrategyOptions options) : CommitStrategyBase(store, options), IClaimsGuarantees
{
    public static StrategyGuarantees Claims { get; } = StrategyGuarantees.All with { KeepsAppendConditions = true };

    public override StrategyGuarantees Guarantees => Claims;

    protected override async Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        await using var transaction = await Store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        await AggregateVersionGuard.EnsureAsync(transaction, request, cancellationToken).ConfigureAwait(false);
        var next = await transaction.CountEventsAsync(cancellationToken).ConfigureAwait(false);
        await AppendConditionGuard.EnsureAsync(transaction, request, cancellationToken).ConfigureAwait(false);
        var events = request.Stamp(next);
        foreach (var e in events)
        {
            await transaction.InsertEventAsync(e, cancellationToken).ConfigureAwait(false);
        }

        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        return AggregateVersionGuard.Acknowledge(request, events);
    }
}
