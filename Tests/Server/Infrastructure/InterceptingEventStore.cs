using System.Collections.Concurrent;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// A real store with hooks: a test can run something once just before an operation reaches the database, to make a
/// race happen deterministically (a rival commit lands between a strategy's read and its write) or to hold a writer
/// while commits queue up. Every operation still goes to the real database.
/// </summary>
public sealed class InterceptingEventStore(IEventLog inner) : IEventLog
{
    public const string BeginTransaction = "begin";
    public const string InsertEvent = "insert-event";
    public const string InsertEvents = "insert-events";
    public const string WriteBatch = "write-batch";
    public const string WriteNumberedBatch = "write-numbered-batch";
    public const string WriteServerNumberedBatch = "write-server-numbered-batch";

    private readonly ConcurrentDictionary<string, Func<Task>> _once = new();

    public IEventLog Inner { get; } = inner;

    public string Description => Inner.Description;

    /// <summary>What the store reports as its client's own resends: the inner store's unless a test sets a count.</summary>
    public long? ResendsReported { get; set; }

    public long StoreResends => ResendsReported ?? Inner.StoreResends;

    /// <summary>The client's own backoff the store names: the inner store's unless a test sets one.</summary>
    public TransientRetryGuidance? GuidanceReported { get; set; }

    public TransientRetryGuidance? RetryGuidance => GuidanceReported ?? Inner.RetryGuidance;

    /// <summary>Runs <paramref name="action"/> the next time <paramref name="operation"/> is about to run, and only then.</summary>
    public void OnceBefore(string operation, Func<Task> action) => _once[operation] = action;

    public async Task<IStoreSession> BeginTransactionAsync(CancellationToken cancellationToken)
    {
        await InterceptAsync(BeginTransaction);
        return new InterceptingSession(this, await Inner.BeginTransactionAsync(cancellationToken));
    }

    public async Task<IStoreSession> OpenAutoCommitSessionAsync(CancellationToken cancellationToken) =>
        new InterceptingSession(this, await Inner.OpenAutoCommitSessionAsync(cancellationToken));

    /// <summary>What the batch writes made through this store threw, in the order they threw it (their callers may have retried).</summary>
    public ConcurrentQueue<Exception> BatchWriteFailures { get; } = new();

    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        await InterceptAsync(WriteBatch);
        try
        {
            return await Inner.WriteBatchAsync(batch, cancellationToken);
        }
        catch (Exception e)
        {
            BatchWriteFailures.Enqueue(e);
            throw;
        }
    }

    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchNumberedByServerAsync(IReadOnlyList<CommitRequest> batch, bool recordTransaction, CancellationToken cancellationToken)
    {
        await InterceptAsync(WriteServerNumberedBatch);
        try
        {
            return await Inner.WriteBatchNumberedByServerAsync(batch, recordTransaction, cancellationToken);
        }
        catch (Exception e)
        {
            BatchWriteFailures.Enqueue(e);
            throw;
        }
    }

    /// <summary>The numbered batch writes asked of this store, in the order they were asked: their first numbers, the first number of the batch each follows, and their commits.</summary>
    public ConcurrentQueue<(long First, long? After, int Commits)> NumberedWrites { get; } = new();

    public async Task<bool> WriteBatchFromAsync(IReadOnlyList<CommitRequest> batch, long first, long? after, CancellationToken cancellationToken)
    {
        NumberedWrites.Enqueue((first, after, batch.Count));
        await InterceptAsync(WriteNumberedBatch);
        try
        {
            return await Inner.WriteBatchFromAsync(batch, first, after, cancellationToken);
        }
        catch (Exception e)
        {
            BatchWriteFailures.Enqueue(e);
            throw;
        }
    }

    /// <summary>The row counts of the raw writes made through this store, in the order they were made.</summary>
    public System.Collections.Concurrent.ConcurrentQueue<int> RawWrites { get; } = new();

    public Task WriteRawAsync(IReadOnlyList<StoredEvent> storedEvents, IReadOnlyList<AggregateVersionRecord> aggregateVersions, CancellationToken cancellationToken)
    {
        RawWrites.Enqueue(storedEvents.Count);
        return Inner.WriteRawAsync(storedEvents, aggregateVersions, cancellationToken);
    }

    public Task<EventLogSnapshot<TEvent>> ReadSnapshotAsync<TEvent>(Func<StoredEvent, TEvent> keep, CancellationToken cancellationToken) =>
        Inner.ReadSnapshotAsync(keep, cancellationToken);

    public Task<IReadOnlyDictionary<Guid, IReadOnlyList<long>>> FindCommitsAsync(IReadOnlyCollection<Guid> commitIds, CancellationToken cancellationToken) =>
        Inner.FindCommitsAsync(commitIds, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadLogAsync(CancellationToken cancellationToken) => Inner.ReadLogAsync(cancellationToken);

    public Task<IReadOnlyList<long>> ReadSequenceNumbersAfterAsync(long after, int limit, CancellationToken cancellationToken) =>
        Inner.ReadSequenceNumbersAfterAsync(after, limit, cancellationToken);

    public Task<IReadOnlyList<TransactionPosition>> ReadBelowTransactionHorizonAsync(TransactionPosition after, int limit, CancellationToken cancellationToken) =>
        Inner.ReadBelowTransactionHorizonAsync(after, limit, cancellationToken);

    public string? Lacks(StoreFeature feature) => Inner.Lacks(feature);

    public StoreErrorKind Classify(Exception exception) => Inner.Classify(exception);

    public StoreBatchLimits BatchLimits => Inner.BatchLimits;

    public ValueTask DisposeAsync() => Inner.DisposeAsync();

    internal Task InterceptAsync(string operation) => _once.TryRemove(operation, out var action) ? action() : Task.CompletedTask;
}
