using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// What every strategy shares: the store, the counters, the retry pipeline (with the counter's alignment for
/// strategies that number from it) and the convenience overloads. A strategy says how a request is committed.
/// </summary>
public abstract class StrategyBase : ICommitStrategy
{
    private readonly CommitRetryPolicy _retry;
    private readonly SequenceCounterAlignment _counterAlignment = new();

    protected StrategyBase(IEventStore store, CommitStrategyOptions options)
    {
        ArgumentNullException.ThrowIfNull(store);
        ArgumentNullException.ThrowIfNull(options);
        Store = store;
        _retry = new CommitRetryPolicy(store, options.Retry, Counters);
    }

    /// <summary>The strategy's class name without "Strategy": the one place a strategy's name comes from (see <see cref="StrategyRegistration.For{T}"/>).</summary>
    public virtual string Name => StrategyRegistration.NameOf(GetType());

    public abstract StrategyGuarantees Guarantees { get; }

    public CommitCounters Counters { get; } = new();

    protected IEventStore Store { get; }

    public Task<CommitResult> CommitAsync(IReadOnlyList<UncommittedEvent> events, CancellationToken cancellationToken) =>
        CommitAsync(CommitRequest.ForEvents(events), cancellationToken);

    public Task<CommitResult> CommitAggregateAsync(
        AggregateKey aggregate, long expectedVersion, IReadOnlyList<UncommittedEvent> events, CancellationToken cancellationToken) =>
        CommitAsync(CommitRequest.ForAggregate(aggregate, expectedVersion, events), cancellationToken);

    /// <exception cref="NotSupportedException">A conditional commit, and the strategy or its store does not keep append conditions; nothing was written.</exception>
    public Task<CommitResult> CommitAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        EnsureConditionKept(request);
        return CommitRequestAsync(request, cancellationToken);
    }

    /// <summary>Commits a request whose condition, if it has one, the strategy claims to keep.</summary>
    protected abstract Task<CommitResult> CommitRequestAsync(CommitRequest request, CancellationToken cancellationToken);

    /// <summary>Refuses a conditional request unless the strategy claims <see cref="StrategyGuarantees.KeepsAppendConditions"/> and its store can check one.</summary>
    /// <exception cref="NotSupportedException">The request is conditional and cannot be kept here.</exception>
    protected void EnsureConditionKept(CommitRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (request.Condition is null)
        {
            return;
        }

        if (!Guarantees.KeepsAppendConditions)
        {
            throw new NotSupportedException(
                $"{Name} does not keep append conditions, so it refuses conditional commit {request.CommitId}; use a strategy whose guarantees claim them ({string.Join(", ", StrategyCatalog.KeepingAppendConditions)}).");
        }

        if (Store.Lacks(StoreFeature.AppendConditions) is { } why)
        {
            throw new NotSupportedException($"{Name} cannot keep an append condition on {Store.Description}: {why}.");
        }
    }

    public virtual ValueTask DisposeAsync()
    {
        _counterAlignment.Dispose();
        GC.SuppressFinalize(this);
        return ValueTask.CompletedTask;
    }

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
