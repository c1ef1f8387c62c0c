using EventCommitLab.Strategies.Model;

namespace EventCommitLab.Strategies.Port;

/// <summary>
/// The port every strategy is written against; each database implements it in its own project. One instance is one
/// event log (a database), safe to use from many threads at once.
/// </summary>
public interface IEventStore : IAsyncDisposable
{
    /// <summary>Names the store and where it lives, for logs and table headers.</summary>
    string Description { get; }

    /// <summary>Starts a transaction: nothing done through the session is visible to others until it commits.</summary>
    Task<IStoreSession> BeginTransactionAsync(CancellationToken cancellationToken);

    /// <summary>Opens a session with no transaction: each operation stands alone and is durable once it returns.</summary>
    Task<IStoreSession> OpenAutoCommitSessionAsync(CancellationToken cancellationToken);

    /// <summary>
    /// Writes a batch of commits as one transaction, committed before it returns: each aggregate commit's expected
    /// version is checked and advanced, the commits that pass take one contiguous range from the sequence counter in
    /// batch order, and their events go in; a commit that fails its check is left out alone. One round trip and one
    /// durable flush where the store allows it. A lost answer is a <see cref="WriteOutcomeUnknownException"/>.
    /// </summary>
    /// <exception cref="ArgumentException">The batch is empty or holds an aggregate twice (see <see cref="CommitBatch"/>).</exception>
    Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken);

    /// <summary>
    /// Writes events and sets aggregate versions the store's fastest way, in one round trip where the store allows it,
    /// with no sequence logic and no checks, at the store's configured durability. Only for the harness's raw ceiling,
    /// never for a strategy: it is what the database can take, the bound every strategy is measured against.
    /// </summary>
    Task WriteRawAsync(IReadOnlyList<StoredEvent> storedEvents, IReadOnlyList<AggregateVersionRecord> aggregateVersions, CancellationToken cancellationToken);

    /// <summary>
    /// The sequence numbers the log holds for a commit's events, in order, or null when it holds none. Strategies ask
    /// after a write whose outcome was unknown; the store first makes sure no such write can still take effect (on
    /// PostgreSQL: the connection's server process is ended and gone), so the answer is final.
    /// </summary>
    Task<IReadOnlyList<long>?> FindCommitAsync(Guid commitId, CancellationToken cancellationToken);

    /// <summary>The next number the store's sequence counter would hand out, or null when the store keeps none. For the verifier.</summary>
    Task<long?> ReadSequenceCounterAsync(CancellationToken cancellationToken);

    /// <summary>The whole log in sequence order, as committed. For the verifier.</summary>
    IAsyncEnumerable<StoredEvent> ReadLogAsync(CancellationToken cancellationToken);

    /// <summary>Every aggregate's stored version. For the verifier.</summary>
    IAsyncEnumerable<AggregateVersionRecord> ReadAggregateVersionsAsync(CancellationToken cancellationToken);

    /// <summary>Says what an exception thrown by this store means, from the database's error codes only.</summary>
    StoreErrorKind Classify(Exception exception);
}
