using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract;

/// <summary>One way of committing events. Every strategy in the lab implements this and nothing more is asked of it.</summary>
public interface ICommitStrategy : IAsyncDisposable
{
    /// <summary>The name the harness and the tables use, e.g. <c>TransactionalCounter</c>.</summary>
    string Name { get; }

    /// <summary>What the strategy claims; the verifier fails a run that breaks a claim.</summary>
    StrategyGuarantees Guarantees { get; }

    /// <summary>Retries and conflicts so far; the harness reads them per wave.</summary>
    CommitCounters Counters { get; }

    /// <summary>Commits the events as one commit.</summary>
    /// <exception cref="ArgumentException">No events, or an event with a missing field.</exception>
    Task<CommitResult> CommitAsync(IReadOnlyList<UncommittedEvent> events, CancellationToken cancellationToken);

    /// <summary>Commits the events to an aggregate, if and only if the aggregate is at <paramref name="expectedVersion"/>.</summary>
    /// <exception cref="ConcurrencyConflictException">The aggregate is at another version; nothing was written and nothing is retried.</exception>
    Task<CommitResult> CommitAggregateAsync(
        AggregateKey aggregate, long expectedVersion, IReadOnlyList<UncommittedEvent> events, CancellationToken cancellationToken);

    /// <summary>Commits a request made with <see cref="CommitRequest.ForEvents"/> or <see cref="CommitRequest.ForAggregate"/>.</summary>
    Task<CommitResult> CommitAsync(CommitRequest request, CancellationToken cancellationToken);
}
