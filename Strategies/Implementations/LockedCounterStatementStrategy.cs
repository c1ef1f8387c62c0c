using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// Each caller writes its own commit in one statement: the aggregate check, the counter row's update and the insert,
/// committed at the statement's end (the store's batch write with a batch of one). The counter row's lock is held from
/// the update to the commit, so commits queue on it, as Commanded's locked <c>$all</c> row makes them.
/// </summary>
/// <remarks>
/// The one-round-trip relative of <see cref="TransactionalCounterStrategy"/>: the same serialisation on the counter, but
/// the lock is held for one statement and its durable flush instead of three round trips and the flush.
/// </remarks>
public sealed class LockedCounterStatementStrategy(IEventStore store, CommitStrategyOptions options) : CommitStrategyBase(store, options), IClaimsGuarantees
{
    public static StrategyGuarantees Claims { get; } = StrategyGuarantees.All with { CounterAtLogEnd = true, KeepsAppendConditions = true };

    public override StrategyGuarantees Guarantees => Claims;

    protected override async Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        var outcome = (await BatchCommitWriter.WriteAsync(Store, Counters, [request], cancellationToken).ConfigureAwait(false))[0];
        return outcome.Failure is { } failure ? throw failure : outcome.Result!;
    }
}
