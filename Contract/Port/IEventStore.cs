using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract.Port;

/// <summary>
/// What strategies use of an event log: transactions and sessions, the batch write, the lookup of a commit whose answer
/// was lost, and what an error means. Each database implements it in its own project (see <see cref="IEventLog"/>);
/// one instance is one event log (a database), safe to use from many threads at once.
/// </summary>
public interface IEventStore
{
    /// <summary>Names the store and where it lives, for logs and table headers.</summary>
    string Description { get; }

    /// <summary>Starts a transaction: nothing done through the session is visible to others until it commits.</summary>
    Task<IStoreSession> BeginTransactionAsync(CancellationToken cancellationToken);

    /// <summary>Opens a session with no transaction: each operation stands alone and is durable once it returns.</summary>
    Task<IStoreSession> OpenAutoCommitSessionAsync(CancellationToken cancellationToken);

    /// <summary>The largest batch <see cref="WriteBatchAsync"/> takes in one call, from the database's limits.</summary>
    StoreBatchLimits BatchLimits { get; }

    /// <summary>
    /// Writes a batch of commits as one transaction, committed before it returns: each aggregate commit's expected
    /// version is checked and advanced, the commits that pass take one contiguous range from the sequence counter in
    /// batch order, and their events go in; a commit that fails its check is left out alone. An aggregate's chain (commits
    /// each expecting the version the one before produces) is checked in order, each commit against the version the
    /// chain's earlier commits leave, as if written one after another. One round trip and one durable flush where the
    /// store allows it. A lost answer is a <see cref="WriteOutcomeUnknownException"/>.
    /// </summary>
    /// <exception cref="ArgumentException">The batch is empty or holds an aggregate twice outside a chain (see <see cref="CommitBatch"/>).</exception>
    Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken);

    /// <summary>
    /// Writes a batch of commits as one transaction, committed before it returns, as <see cref="WriteBatchAsync"/> does,
    /// but numbered by the database's sequence (<see cref="StoreFeature.ServerSequence"/>) instead of the counter: the
    /// batch holds no row another batch needs but the aggregates both commit to, so batches of one writer, or of several
    /// writer processes, commit side by side. The numbers are unique, not gap-free (a batch that fails leaves its numbers
    /// unused), a commit's numbers need not be consecutive when batches run side by side, and a later number may commit
    /// before an earlier one: each answer carries its commit's numbers. With <paramref name="recordTransaction"/> each
    /// event stores its transaction's id, for readers that stop below the transaction horizon
    /// (<see cref="StoreFeature.TransactionHorizon"/>). One round trip and one durable flush where the store allows it.
    /// A lost answer is a <see cref="WriteOutcomeUnknownException"/>.
    /// </summary>
    /// <exception cref="ArgumentException">The batch is empty, holds an aggregate twice outside a chain, or holds a conditional commit (no order of commits keeps a condition here).</exception>
    /// <exception cref="NotSupportedException">The store lacks <see cref="StoreFeature.ServerSequence"/>, or <see cref="StoreFeature.TransactionHorizon"/> when asked to record transactions.</exception>
    Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchNumberedByServerAsync(IReadOnlyList<CommitRequest> batch, bool recordTransaction, CancellationToken cancellationToken);

    /// <summary>
    /// Writes a batch of plain commits (no aggregate, no condition) as one transaction, committed before it returns,
    /// numbered in batch order from <paramref name="first"/>, a number its writer chose: the events go in first, and the
    /// sequence counter is then moved past them if it stands at <paramref name="first"/>. So a writer that knows where
    /// its last batch leaves the counter writes the next one's events while the last still holds the counter; the next
    /// takes the counter only once the last has committed, so numbers still become visible in order, with no gap.
    /// False, with nothing written, when the counter stood elsewhere (another writer took numbers, or the batch before
    /// failed), another writer holds one of the numbers, or another writer holds the counter when the batch comes to it
    /// (it does not wait there: that writer may be waiting on a number this batch holds). One round trip and one durable flush where the store allows
    /// it. A lost answer is a <see cref="WriteOutcomeUnknownException"/>. Only where the store offers
    /// <see cref="StoreFeature.NumberedBatches"/>.
    /// </summary>
    /// <param name="after">
    /// The first number of the writer's batch ahead of this one, still in flight, or null: this batch takes the counter
    /// only once that one has ended, written or not, so that it does not find the counter where the batch ahead has not
    /// yet moved it and be refused for that.
    /// </param>
    /// <exception cref="ArgumentException">The batch is empty, or holds an aggregate or conditional commit.</exception>
    /// <exception cref="NotSupportedException">The store lacks <see cref="StoreFeature.NumberedBatches"/>.</exception>
    Task<bool> WriteBatchFromAsync(IReadOnlyList<CommitRequest> batch, long first, long? after, CancellationToken cancellationToken);

    /// <summary>
    /// The sequence numbers the log holds for each of the commits that are in it, in order; a commit the log does not
    /// hold is not in the answer. One read for all of them (a lost batch asks for every commit of it at once).
    /// Strategies ask after a write whose outcome was unknown; the store first makes sure no such write can still take
    /// effect (on PostgreSQL: the connection's server process is ended and gone), so the answer is final.
    /// </summary>
    Task<IReadOnlyDictionary<Guid, IReadOnlyList<long>>> FindCommitsAsync(IReadOnlyCollection<Guid> commitIds, CancellationToken cancellationToken);

    /// <summary>Why this store cannot offer <paramref name="feature"/>, or null when it can.</summary>
    string? Lacks(StoreFeature feature);

    /// <summary>
    /// Commands the store or the database's client library has sent again on its own since the store was made (the
    /// MongoDB store resends a commit whose answer was lost, and its driver resends a failed commitTransaction once,
    /// whatever its retry settings): retries no strategy made, which the harness counts with theirs so that a retry's
    /// cost is the database's. Zero where nothing is resent.
    /// </summary>
    long StoreResends => 0;

    /// <summary>
    /// How the database's own client retries a transaction that failed transiently, where that differs from the lab's
    /// policy (MongoDB's drivers back off as the convenient transactions API says); null where the lab's policy stands.
    /// </summary>
    TransientRetryGuidance? RetryGuidance => null;

    /// <summary>Says what an exception thrown by this store means, from the database's error codes only.</summary>
    StoreErrorKind Classify(Exception exception);
}
