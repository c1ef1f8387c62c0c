using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// What the per-commit strategies share: each commit retried on its own, a lost answer settled from the log before
/// anything is retried, conflicts counted. A strategy only says how one attempt of one commit is written.
/// </summary>
public abstract class CommitStrategyBase(IEventStore store, CommitStrategyOptions options) : StrategyBase(store, options)
{
    protected override async Task<CommitResult> CommitRequestAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        try
        {
            return await RetryAsync(ct => CommitSettledAsync(request, ct), cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is ConcurrencyConflictException or AppendConditionFailedException)
        {
            Counters.AddConflict();
            throw;
        }
    }

    /// <summary>One attempt whose lost answer, if any, is settled from the log before anything is retried.</summary>
    private async Task<CommitResult> CommitSettledAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        try
        {
            return await CommitOnceAsync(request, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (Store.Classify(e) == StoreErrorKind.OutcomeUnknown)
        {
            var numbers = await UnknownOutcome.ResolveAsync(Store, Counters, request.CommitId, e, cancellationToken).ConfigureAwait(false);
            return new CommitResult(request.CommitId, numbers, request.NextAggregateVersion);
        }
    }

    /// <summary>One attempt: on a transient failure it is called again from the start, in a new transaction.</summary>
    protected abstract Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken);
}
