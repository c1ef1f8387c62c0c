using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// What the per-commit strategies share: request validation, the retry pipeline and the counters. A strategy only
/// says how one attempt of one commit is written.
/// </summary>
public abstract class CommitStrategyBase : ICommitStrategy
{
    private readonly CommitRetryPolicy _retry;
    private readonly SequenceCounterAlignment _counterAlignment = new();

    protected CommitStrategyBase(IEventStore store, CommitStrategyOptions options)
    {
        ArgumentNullException.ThrowIfNull(store);
        ArgumentNullException.ThrowIfNull(options);
        Store = store;
        _retry = new CommitRetryPolicy(store, options.Retry, Counters);
    }

    public abstract string Name { get; }

    public abstract StrategyGuarantees Guarantees { get; }

    public CommitCounters Counters { get; } = new();

    protected IEventStore Store { get; }

    public Task<CommitResult> CommitAsync(IReadOnlyList<UncommittedEvent> events, CancellationToken cancellationToken) =>
        CommitAsync(CommitRequest.ForEvents(events), cancellationToken);

    public Task<CommitResult> CommitAggregateAsync(
        AggregateKey aggregate, long expectedVersion, IReadOnlyList<UncommittedEvent> events, CancellationToken cancellationToken) =>
        CommitAsync(CommitRequest.ForAggregate(aggregate, expectedVersion, events), cancellationToken);

    public virtual async Task<CommitResult> CommitAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        try
        {
            return await RetryAsync(ct => CommitSettledAsync(request, ct), cancellationToken).ConfigureAwait(false);
        }
        catch (ConcurrencyConflictException)
        {
            Counters.AddConflict();
            throw;
        }
    }

    public virtual ValueTask DisposeAsync()
    {
        _counterAlignment.Dispose();
        GC.SuppressFinalize(this);
        return ValueTask.CompletedTask;
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

    /// <summary>
    /// Runs attempts until one succeeds or fails for good. A strategy that claims <see cref="StrategyGuarantees.CounterAtLogEnd"/>
    /// numbers from the store's counter, so its first attempt first brings the counter to the log's end.
    /// </summary>
    /// <exception cref="CommitRetriesExhaustedException">Transient failures went on past the retry options' bounds.</exception>
    protected Task<T> RetryAsync<T>(Func<CancellationToken, Task<T>> attempt, CancellationToken cancellationToken) =>
        _counterAlignment.IsAligned || !Guarantees.CounterAtLogEnd
            ? _retry.ExecuteAsync(attempt, cancellationToken)
            : _retry.ExecuteAsync(
                async ct =>
                {
                    await _counterAlignment.EnsureAsync(Store, ct).ConfigureAwait(false);
                    return await attempt(ct).ConfigureAwait(false);
                },
                cancellationToken);
}
