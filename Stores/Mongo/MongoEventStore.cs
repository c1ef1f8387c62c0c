using System.Runtime.CompilerServices;
using EventCommitLab.Stores.Mongo.Wire;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The store port on one MongoDB database: events (the sequence number as _id), aggregates and counters.</summary>
public sealed class MongoEventStore : IEventLog
{
    private readonly MongoClient _client;
    private readonly string _database;
    private readonly BsonDocument _writeConcern;
    private readonly MongoEventCollections _collections;
    private readonly Func<ValueTask>? _onDispose;

    private MongoEventStore(MongoClient client, string database, BsonDocument writeConcern, Func<ValueTask>? onDispose)
    {
        _client = client;
        _database = database;
        _writeConcern = writeConcern;
        _collections = MongoEventCollections.In(client, database, writeConcern);
        _onDispose = onDispose;
    }

    public string Description => $"MongoDB database {_database}";

    /// <summary>Creates the collections (a transaction cannot create them on MongoDB before 4.4) and the sequence counter.</summary>
    public static async Task<MongoEventStore> CreateAsync(
        MongoClient client, string database, BsonDocument writeConcern, Func<ValueTask>? onDispose, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        var store = new MongoEventStore(client, database, writeConcern, onDispose);
        foreach (var collection in new[] { MongoEventDocuments.Events, MongoEventDocuments.Aggregates, MongoEventDocuments.Counters })
        {
            await client.RunCommandAsync(database, new BsonDocument { ["create"] = collection, ["writeConcern"] = writeConcern }, null, cancellationToken).ConfigureAwait(false);
        }

        await store._collections.Counters.InsertOneAsync(new BsonDocument { ["_id"] = MongoEventDocuments.EventsCounterId, ["next"] = new BsonInt64(0) }, null, cancellationToken)
            .ConfigureAwait(false);
        return store;
    }

    public async Task<IStoreSession> BeginTransactionAsync(CancellationToken cancellationToken)
    {
        var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        var session = _client.StartSession(pinnedTo: lease);
        session.StartTransaction(new MongoTransactionOptions(WriteConcern: _writeConcern));
        return new MongoStoreSession(lease, session, _collections);
    }

    public async Task<IStoreSession> OpenAutoCommitSessionAsync(CancellationToken cancellationToken) =>
        new MongoStoreSession(await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false), null, _collections);

    /// <remarks>
    /// A server's defaults for one write command: maxWriteBatchSize (100 000 operations) and maxMessageSizeBytes
    /// (48 000 000). The composed batch below sends each commit as its own commands, so it would take more; the limits
    /// keep a batch within one bulk write for when that form is built.
    /// </remarks>
    public StoreBatchLimits BatchLimits { get; } = new(maxEvents: 100_000, maxBytes: 48_000_000);

    // One transaction of five round trips whatever the batch's size (MongoStoreSession.WriteBatchAsync).
    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        await using var transaction = (MongoStoreSession)await BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        var answers = await transaction.WriteBatchAsync(batch, cancellationToken).ConfigureAwait(false);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        return answers;
    }

    public async Task WriteRawAsync(IReadOnlyList<StoredEvent> storedEvents, IReadOnlyList<AggregateVersionRecord> aggregateVersions, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);
        ArgumentNullException.ThrowIfNull(aggregateVersions);
        await using var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        var documents = MongoEventDocuments.ToDocuments(storedEvents, lease.Hello.MaxBsonObjectBytes);
        foreach (var batch in MongoStoreSession.Batches(documents, lease.Hello.MaxMessageBytes - (16 * 1024)))
        {
            await _collections.Events.On(lease).InsertManyAsync(batch, null, cancellationToken, ordered: false).ConfigureAwait(false);
        }

        foreach (var aggregate in aggregateVersions)
        {
            await _collections.Aggregates.On(lease).UpdateAsync(
                new BsonDocument("_id", MongoEventDocuments.AggregateId(aggregate.Aggregate)),
                new BsonDocument("$set", new BsonDocument("version", new BsonInt64(aggregate.Version))), null, cancellationToken, upsert: true).ConfigureAwait(false);
        }
    }

    /// <remarks>
    /// Not run against a real MongoDB here. Unlike the PostgreSQL store it does not yet make sure the lost write can no
    /// longer land before it looks (a transaction's commit is final once commitTransaction has answered).
    /// </remarks>
    public async Task<IReadOnlyDictionary<Guid, IReadOnlyList<long>>> FindCommitsAsync(IReadOnlyCollection<Guid> commitIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(commitIds);
        await using var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        var filter = new BsonDocument("commitId", new BsonDocument("$in", new BsonArray(commitIds.Select(id => new BsonBinaryData(id, GuidRepresentation.Standard)))));
        var found = new Dictionary<Guid, List<long>>();
        await foreach (var document in _collections.Events.On(lease).FindAsync(filter, new MongoFindOptions(Sort: new BsonDocument("_id", 1)), null, cancellationToken).ConfigureAwait(false))
        {
            var commit = document["commitId"].AsBsonBinaryData.ToGuid(GuidRepresentation.Standard);
            if (!found.TryGetValue(commit, out var numbers))
            {
                found[commit] = numbers = [];
            }

            numbers.Add(document["_id"].ToInt64());
        }

        return found.ToDictionary(p => p.Key, p => (IReadOnlyList<long>)p.Value);
    }

    public async Task<long?> ReadSequenceCounterAsync(CancellationToken cancellationToken)
    {
        await using var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        await foreach (var document in _collections.Counters.On(lease)
            .FindAsync(new BsonDocument("_id", MongoEventDocuments.EventsCounterId), new MongoFindOptions(Limit: 1), null, cancellationToken).ConfigureAwait(false))
        {
            return document["next"].ToInt64();
        }

        return null;
    }

    public async IAsyncEnumerable<StoredEvent> ReadLogAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var document in FindAllAsync(_collections.Events, cancellationToken).ConfigureAwait(false))
        {
            yield return MongoEventDocuments.ToEvent(document);
        }
    }

    /// <remarks>Not run against a real MongoDB here. Events' _id is their sequence number; only _id is returned.</remarks>
    public async Task<IReadOnlyList<long>> ReadSequenceNumbersAfterAsync(long after, int limit, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        await using var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        var filter = new BsonDocument("_id", new BsonDocument("$gt", after));
        var options = new MongoFindOptions(Sort: new BsonDocument("_id", 1), Projection: new BsonDocument("_id", 1), Limit: limit, BatchSize: limit);
        var numbers = new List<long>();
        await foreach (var document in _collections.Events.On(lease).FindAsync(filter, options, null, cancellationToken).ConfigureAwait(false))
        {
            numbers.Add(document["_id"].ToInt64());
        }

        return numbers;
    }

    public async IAsyncEnumerable<AggregateVersionRecord> ReadAggregateVersionsAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var document in FindAllAsync(_collections.Aggregates, cancellationToken).ConfigureAwait(false))
        {
            var id = document["_id"].AsBsonDocument;
            yield return new AggregateVersionRecord(new AggregateKey(id["eventSource"].AsString, id["aggregateType"].AsString), document["version"].ToInt64());
        }
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

    private async IAsyncEnumerable<BsonDocument> FindAllAsync(MongoCollection collection, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await using var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        var inOrder = new MongoFindOptions(Sort: new BsonDocument("_id", 1), BatchSize: 10_000);
        await foreach (var document in collection.On(lease).FindAsync(new BsonDocument(), inOrder, null, cancellationToken).ConfigureAwait(false))
        {
            yield return document;
        }
    }
}
