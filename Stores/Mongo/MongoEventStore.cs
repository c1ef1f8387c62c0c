using System.Runtime.CompilerServices;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The store port on one MongoDB database: events (the sequence number as _id), aggregates and counters.</summary>
public sealed class MongoEventStore : IEventLog
{
    private readonly IMongoClient _client;
    private readonly IMongoDatabase _database;
    private readonly WriteConcern _writeConcern;
    private readonly MongoEventCollections _collections;
    private readonly MongoSessionsInDoubt _inDoubt = new();
    private readonly MongoCommitCount _commits;
    private readonly Func<ValueTask>? _onDispose;

    private MongoEventStore(IMongoClient client, IMongoDatabase database, WriteConcern writeConcern, MongoCommitCount commits, Func<ValueTask>? onDispose)
    {
        _commits = commits;
        _client = client;
        _database = database;
        _writeConcern = writeConcern;
        _collections = MongoEventCollections.In(database);
        _onDispose = onDispose;
    }

    public string Description => $"MongoDB database {_database.DatabaseNamespace.DatabaseName}";

    /// <summary>The client's commit resends, counted for the whole client: the harness runs one case at a time and reads differences.</summary>
    public long StoreResends => _commits.Resent;

    public TransientRetryGuidance? RetryGuidance => MongoRetryGuidance.WithTransaction;

    /// <summary>
    /// Creates the collections (a transaction cannot create them on MongoDB before 4.4) and the two counters, in a
    /// database whose every write outside a transaction carries <paramref name="writeConcern"/> and whose every read
    /// goes to the primary at read concern local, whatever the URI asks: a secondary's lagging data would read as lost.
    /// </summary>
    internal static async Task<MongoEventStore> CreateAsync(
        IMongoClient client, string database, WriteConcern writeConcern, MongoCommitCount commits, Func<ValueTask>? onDispose, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        var db = MongoDatabases.Open(client, database, writeConcern);
        foreach (var collection in new[] { MongoEventDocuments.Events, MongoEventDocuments.Aggregates, MongoEventDocuments.Counters })
        {
            await db.CreateCollectionAsync(collection, cancellationToken: cancellationToken).ConfigureAwait(false);
        }

        return await OnCollectionsAsync(client, database, writeConcern, commits, onDispose, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The store on a database whose collections exist (<see cref="CreateAsync"/> makes them): its counters written.</summary>
    internal static async Task<MongoEventStore> OnCollectionsAsync(
        IMongoClient client, string database, WriteConcern writeConcern, MongoCommitCount commits, Func<ValueTask>? onDispose, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        var store = new MongoEventStore(client, MongoDatabases.Open(client, database, writeConcern), writeConcern, commits, onDispose);
        await store._collections.Counters.InsertManyAsync(
            [
                new BsonDocument { ["_id"] = MongoEventDocuments.EventsCounterId, ["next"] = 0L },
                new BsonDocument { ["_id"] = MongoEventDocuments.ServerSequenceId, ["next"] = 0L },
            ],
            cancellationToken: cancellationToken).ConfigureAwait(false);
        return store;
    }

    /// <summary>A transaction (<see cref="MongoTransactions.Options"/>) committed with the lab's write concern; started and committed by the lab, never retried by the driver's convenient API.</summary>
    public async Task<IStoreSession> BeginTransactionAsync(CancellationToken cancellationToken)
    {
        var session = await _client.StartSessionAsync(cancellationToken: cancellationToken).ConfigureAwait(false);
        session.StartTransaction(MongoTransactions.Options(_writeConcern));
        return new MongoStoreSession(session, _collections, _collections.Counters.WithWriteConcern(MongoWriteConcerns.Reservation), _inDoubt, _commits);
    }

    /// <summary>Operations each on its own, in an explicit session (started on the client, no round trip) that a lost answer's lookup can end.</summary>
    public async Task<IStoreSession> OpenAutoCommitSessionAsync(CancellationToken cancellationToken)
    {
        // A transaction the session starts on its own (several events numbered by the server) reads and commits as the store's.
        var session = await _client.StartSessionAsync(new ClientSessionOptions { DefaultTransactionOptions = MongoTransactions.Options(_writeConcern) }, cancellationToken)
            .ConfigureAwait(false);
        return new MongoStoreSession(session, _collections, _collections.Counters.WithWriteConcern(MongoWriteConcerns.Reservation), _inDoubt, _commits);
    }

    /// <remarks>
    /// MongoDB advises against transactions that write more than about a thousand documents (large ones hold their
    /// locks and cache longer and fail with write conflicts more often), so batchers cut there; a single larger commit is
    /// still written alone. The bytes are one BSON document's limit, far under the server's per-transaction bounds.
    /// </remarks>
    public StoreBatchLimits BatchLimits { get; } = new(maxEvents: 1_000, maxBytes: MongoEventDocuments.MaxDocumentBytes);

    // One transaction of five round trips whatever the batch's size (MongoStoreSession.WriteBatchAsync).
    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        await using var transaction = (MongoStoreSession)await BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        var answers = await transaction.WriteBatchAsync(batch, cancellationToken).ConfigureAwait(false);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        return answers;
    }

    // The batch's transaction as WriteBatchAsync's, its numbers taken outside it from the server sequence's document.
    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchNumberedByServerAsync(IReadOnlyList<CommitRequest> batch, bool recordTransaction, CancellationToken cancellationToken)
    {
        CommitBatch.EnsureServerNumberable(batch);
        if (recordTransaction)
        {
            throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.TransactionHorizon));
        }

        await using var transaction = (MongoStoreSession)await BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        var answers = await transaction.WriteBatchNumberedByServerAsync(batch, cancellationToken).ConfigureAwait(false);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        return answers;
    }

    public Task<bool> WriteBatchFromAsync(IReadOnlyList<CommitRequest> batch, long first, long? after, CancellationToken cancellationToken) =>
        throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.NumberedBatches));

    /// <summary>
    /// The ceiling's raw write: one unordered insert of the events, one unordered bulk of upserts for the aggregate rows.
    /// Where both are sent, the insert is acknowledged by the primary alone and the upserts wait for the cell's write
    /// concern (<see cref="MongoWriteConcerns.Carried"/>): one durability wait per commit, as the transactional strategies
    /// wait once, at their commit, so that the ceiling stays a bound on them at <c>majority</c> and <c>journaled</c>.
    /// </summary>
    public async Task WriteRawAsync(IReadOnlyList<StoredEvent> storedEvents, IReadOnlyList<AggregateVersionRecord> aggregateVersions, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);
        ArgumentNullException.ThrowIfNull(aggregateVersions);
        var unordered = new InsertManyOptions { IsOrdered = false };
        if (storedEvents.Count > 0)
        {
            var events = aggregateVersions.Count > 0 ? _collections.Events.WithWriteConcern(MongoWriteConcerns.Carried) : _collections.Events;
            await events.InsertManyAsync(MongoEventDocuments.ToDocuments(storedEvents, MongoEventDocuments.MaxDocumentBytes), unordered, cancellationToken)
                .ConfigureAwait(false);
        }

        if (aggregateVersions.Count > 0)
        {
            var upserts = aggregateVersions.Select(a => new UpdateOneModel<BsonDocument>(
                new BsonDocument("_id", MongoEventDocuments.AggregateId(a.Aggregate)), new BsonDocument("$set", new BsonDocument("version", a.Version)))
            {
                IsUpsert = true,
            });
            await _collections.Aggregates.BulkWriteAsync(upserts, new BulkWriteOptions { IsOrdered = false }, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <remarks>
    /// Final before it answers: the sessions of the writes whose answer was lost are ended on the primary
    /// (killSessions: an operation still running there is interrupted, a transaction not yet committed is aborted), then
    /// a majority write through a causally consistent session makes everything the primary applied before it majority
    /// committed, and the read at majority after it sees exactly the commits that will survive a failover. Without
    /// the barrier, a commit applied on the primary but not yet replicated would read as absent and be written again.
    /// </remarks>
    public async Task<IReadOnlyDictionary<Guid, IReadOnlyList<long>>> FindCommitsAsync(IReadOnlyCollection<Guid> commitIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(commitIds);
        await EndSessionsInDoubtAsync(cancellationToken).ConfigureAwait(false);
        using var session = await _client.StartSessionAsync(new ClientSessionOptions { CausalConsistency = true }, cancellationToken).ConfigureAwait(false);
        await WriteBarrierAsync(session, cancellationToken).ConfigureAwait(false);

        var filter = new BsonDocument("commitId", new BsonDocument("$in", new BsonArray(commitIds.Select(id => new BsonBinaryData(id, GuidRepresentation.Standard)))));
        var found = new Dictionary<Guid, List<long>>();
        using var cursor = await _collections.Events.WithReadConcern(ReadConcern.Majority).Find(session, filter).Sort(new BsonDocument("_id", 1))
            .ToCursorAsync(cancellationToken).ConfigureAwait(false);
        while (await cursor.MoveNextAsync(cancellationToken).ConfigureAwait(false))
        {
            foreach (var document in cursor.Current)
            {
                var commit = document["commitId"].AsBsonBinaryData.ToGuid(GuidRepresentation.Standard);
                if (!found.TryGetValue(commit, out var numbers))
                {
                    found[commit] = numbers = [];
                }

                numbers.Add(document["_id"].ToInt64());
            }
        }

        return found.ToDictionary(p => p.Key, p => (IReadOnlyList<long>)p.Value);
    }

    /// <remarks>
    /// A barrier written at majority, then every read at the barrier's cluster time in a snapshot session (MongoDB 5.0
    /// and later): the log, the aggregates and the counter are read at one point in time, and at one that holds every
    /// commit acknowledged before the read began, at <c>w1</c> too. The barrier follows those commits in the primary's
    /// oplog, and its majority acknowledgement puts them all at or below the point read. (A transaction at read concern
    /// snapshot reads majority-committed data from a point the server picks, which may precede a commit acknowledged at
    /// <c>w1</c>, and a transaction is ended by the server after its lifetime limit, 60 s by default.) No transaction
    /// holds these reads; the server keeps a point's history for <c>minSnapshotHistoryWindowInSeconds</c> (300 s by
    /// default), and a read that outlasts it fails (SnapshotTooOld) rather than answering from another point.
    /// </remarks>
    public async Task<EventLogSnapshot<TEvent>> ReadSnapshotAsync<TEvent>(Func<StoredEvent, TEvent> keep, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(keep);
        BsonTimestamp point;
        using (var writer = await _client.StartSessionAsync(cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            await WriteBarrierAsync(writer, cancellationToken).ConfigureAwait(false);
            point = writer.OperationTime
                ?? throw new InvalidOperationException("The barrier's write came back without an operation time: the server is not a MongoDB replica set.");
        }

        return await ReadSnapshotAtAsync(point, keep, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The log, the aggregates and the counter as they were at <paramref name="point"/>, a cluster time at or below the majority point.</summary>
    internal async Task<EventLogSnapshot<TEvent>> ReadSnapshotAtAsync<TEvent>(BsonTimestamp point, Func<StoredEvent, TEvent> keep, CancellationToken cancellationToken)
    {
        using var session = await _client.StartSessionAsync(new ClientSessionOptions { Snapshot = true, SnapshotTime = point }, cancellationToken).ConfigureAwait(false);
        var events = new List<TEvent>();
        await foreach (var document in FindAllAsync(session, _collections.Events, cancellationToken).ConfigureAwait(false))
        {
            events.Add(keep(MongoEventDocuments.ToEvent(document)));
        }

        var aggregates = new List<AggregateVersionRecord>();
        await foreach (var document in FindAllAsync(session, _collections.Aggregates, cancellationToken).ConfigureAwait(false))
        {
            var id = document["_id"].AsBsonDocument;
            aggregates.Add(new AggregateVersionRecord(new AggregateKey(id["eventSource"].AsString, id["aggregateType"].AsString), document["version"].ToInt64()));
        }

        var counter = await _collections.Counters.Find(session, new BsonDocument("_id", MongoEventDocuments.EventsCounterId)).Limit(1)
            .FirstOrDefaultAsync(cancellationToken).ConfigureAwait(false);
        return new EventLogSnapshot<TEvent>(events, aggregates, counter?["next"].ToInt64());
    }

    public async IAsyncEnumerable<StoredEvent> ReadLogAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using var session = await _client.StartSessionAsync(cancellationToken: cancellationToken).ConfigureAwait(false);
        await foreach (var document in FindAllAsync(session, _collections.Events, cancellationToken).ConfigureAwait(false))
        {
            yield return MongoEventDocuments.ToEvent(document);
        }
    }

    /// <remarks>Events' _id is their sequence number; only _id is returned.</remarks>
    public async Task<IReadOnlyList<long>> ReadSequenceNumbersAfterAsync(long after, int limit, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        var documents = await _collections.Events.Find(new BsonDocument("_id", new BsonDocument("$gt", after)), new FindOptions { BatchSize = limit })
            .Sort(new BsonDocument("_id", 1)).Project(new BsonDocument("_id", 1)).Limit(limit).ToListAsync(cancellationToken).ConfigureAwait(false);
        return [.. documents.Select(d => d["_id"].ToInt64())];
    }

    public StoreErrorKind Classify(Exception exception) => MongoErrorClassifier.Classify(exception);

    public string? Lacks(StoreFeature feature) => MongoFeatures.Lacks(feature);

    public Task<IReadOnlyList<TransactionPosition>> ReadBelowTransactionHorizonAsync(TransactionPosition after, int limit, CancellationToken cancellationToken) =>
        throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.TransactionHorizon));

    public async ValueTask DisposeAsync()
    {
        if (_onDispose is not null)
        {
            await _onDispose().ConfigureAwait(false);
        }
    }

    private async Task EndSessionsInDoubtAsync(CancellationToken cancellationToken)
    {
        var sessions = _inDoubt.TakeAll();
        if (sessions.Count == 0)
        {
            return;
        }

        try
        {
            await _client.GetDatabase("admin").RunCommandAsync<BsonDocument>(
                new BsonDocument("killSessions", new BsonArray(sessions)), ReadPreference.Primary, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            // The lookup is tried again (its error is classified); the sessions must still be ended before it answers.
            _inDoubt.Return(sessions);
            throw;
        }
    }

    /// <summary>A write at majority: once it is acknowledged, everything the primary applied before it is majority committed.</summary>
    private Task WriteBarrierAsync(IClientSessionHandle session, CancellationToken cancellationToken) =>
        _collections.Counters.WithWriteConcern(MongoWriteConcerns.Majority).UpdateOneAsync(
            session, new BsonDocument("_id", MongoEventDocuments.SettleBarrierId), new BsonDocument("$inc", new BsonDocument("n", 1L)),
            new UpdateOptions { IsUpsert = true }, cancellationToken);

    private static async IAsyncEnumerable<BsonDocument> FindAllAsync(
        IClientSessionHandle session, IMongoCollection<BsonDocument> collection, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using var cursor = await collection.Find(session, FilterDefinition<BsonDocument>.Empty, new FindOptions { BatchSize = 10_000 }).Sort(new BsonDocument("_id", 1))
            .ToCursorAsync(cancellationToken).ConfigureAwait(false);
        while (await cursor.MoveNextAsync(cancellationToken).ConfigureAwait(false))
        {
            foreach (var document in cursor.Current)
            {
                yield return document;
            }
        }
    }
}
