using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract.Port;

/// <summary>
/// The operations strategies compose. In a transaction they take effect together on <see cref="CommitAsync"/>;
/// disposing an uncommitted transaction rolls it back. In an auto-commit session each one takes effect at once.
/// </summary>
public interface IStoreSession : IAsyncDisposable
{
    /// <summary>How many events the log holds, as this session sees it.</summary>
    Task<long> CountEventsAsync(CancellationToken cancellationToken);

    /// <summary>The highest sequence number in the log, or null when the log is empty.</summary>
    Task<long?> ReadHighestSequenceNumberAsync(CancellationToken cancellationToken);

    /// <summary>
    /// Takes <paramref name="count"/> numbers from the store's sequence counter and returns the first. In a
    /// transaction the counter stays locked until it ends, so a rolled-back reservation leaves no gap.
    /// </summary>
    Task<long> ReserveSequenceNumbersAsync(int count, CancellationToken cancellationToken);

    /// <summary>
    /// Sets the sequence counter to the number after the log's highest (0 for an empty log) and returns it. Only in a
    /// transaction: the counter is held first and the log read after, so every earlier reservation has either ended in
    /// the log or been rolled back, and the counter stays held until the transaction ends.
    /// </summary>
    Task<long> AlignSequenceCounterWithLogAsync(CancellationToken cancellationToken);

    /// <summary>Writes one event: one round trip.</summary>
    Task InsertEventAsync(StoredEvent storedEvent, CancellationToken cancellationToken);

    /// <summary>Writes many events in one round trip.</summary>
    Task InsertEventsAsync(IReadOnlyList<StoredEvent> storedEvents, CancellationToken cancellationToken);

    /// <summary>
    /// Writes a commit's events numbered by the database's own sequence, one number per event taken outside the
    /// transaction's control (PostgreSQL: <c>nextval</c>), in one round trip; returns the numbers in the events' order.
    /// Concurrent commits interleave: a commit's numbers ascend but need not be consecutive, a rolled-back commit leaves
    /// its numbers unused, and a later number can be committed before an earlier one. Only where the store offers
    /// <see cref="StoreFeature.ServerSequence"/> (and, with <paramref name="recordTransaction"/>,
    /// <see cref="StoreFeature.TransactionHorizon"/>).
    /// </summary>
    /// <param name="recordTransaction">Stores the writing transaction's id with each event, for readers that stop below the transaction horizon.</param>
    /// <exception cref="NotSupportedException">The store does not offer the feature (see <see cref="IEventStore.Lacks"/>).</exception>
    Task<IReadOnlyList<long>> InsertEventsNumberedByServerAsync(CommitRequest request, bool recordTransaction, CancellationToken cancellationToken);

    /// <summary>An aggregate's stored version, 0 when it does not exist: what an application reloads before deciding again after a conflict.</summary>
    Task<long> ReadAggregateVersionAsync(AggregateKey aggregate, CancellationToken cancellationToken);

    /// <summary>
    /// Moves an aggregate from <paramref name="expectedVersion"/> to <paramref name="nextVersion"/>, creating it when
    /// <paramref name="expectedVersion"/> is 0. When it is at another version nothing changes and the result says so;
    /// a failed check never aborts the session's transaction, so other commits of a batch can go on.
    /// </summary>
    Task<AggregateVersionCheck> TryAdvanceAggregateVersionAsync(
        AggregateKey aggregate, long expectedVersion, long nextVersion, CancellationToken cancellationToken);

    /// <summary>
    /// Whether the log, as this call sees it, holds an event matching <paramref name="condition"/>'s query (by event type
    /// and tags) numbered after its position (anywhere when it has none). Each call sees what was committed before it
    /// started, so a strategy calls it once it holds whatever serialises its commit against its rivals. Only where the
    /// store offers <see cref="StoreFeature.AppendConditions"/>.
    /// </summary>
    /// <exception cref="NotSupportedException">The store does not offer the feature (see <see cref="IEventStore.Lacks"/>).</exception>
    Task<bool> AnyEventMatchesAsync(AppendCondition condition, CancellationToken cancellationToken);

    /// <summary>Commits the transaction; does nothing in an auto-commit session.</summary>
    Task CommitAsync(CancellationToken cancellationToken);
}
