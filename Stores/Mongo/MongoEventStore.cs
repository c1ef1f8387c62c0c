using System.Runtime.CompilerServices;
using EventCommitLab.Stores.Mongo.Wire;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The store port on one MongoDB database: events (the sequence number as _id), aggregates and counters.</summary>
public sealed class MongoEventStore : IEventStore
{
    private readonly MongoClient _client;
    private readonly string _database;
    private readonly BsonDocument _writeConcern;
    private readonly Func<ValueTask>? _onDispose;

    private MongoEventStore(MongoClient client, string database, BsonDocument writeConcern, Func<ValueTask>? onDispose)
    {
        _client = client;
        _database = database;
        _writeConcern = writeConcern;
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

        await client.RunCommandAsync(database, new BsonDocument { ["insert"] = MongoEventDocuments.Counters, ["writeConcern"] = writeConcern },
            [new DocumentSequence("documents", [new BsonDocument { ["_id"] = MongoEventDocuments.EventsCounterId, ["next"] = new BsonInt64(0) }])], cancellationToken).ConfigureAwait(false);
        return store;
    }

    public async Task<IStoreSession> BeginTransactionAsync(CancellationToken cancellationToken)
    {
        var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        var session = new MongoSession(lease);
        session.StartTransaction(new MongoTransactionOptions(WriteConcern: _writeConcern));
        return new MongoStoreSession(lease, session, _database, _writeConcern);
    }

    public async Task<IStoreSession> OpenAutoCommitSessionAsync(CancellationToken cancellationToken) =>
        new MongoStoreSession(await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false), null, _database, _writeConcern);

    public async Task BulkInsertAsync(IReadOnlyList<StoredEvent> storedEvents, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);
        await using var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        var documents = MongoEventDocuments.ToDocuments(storedEvents, lease.Hello.MaxBsonObjectBytes);
        foreach (var batch in MongoStoreSession.Batches(documents, lease.Hello.MaxMessageBytes - (16 * 1024)))
        {
            await lease.RunCommandAsync(_database, new BsonDocument { ["insert"] = MongoEventDocuments.Events, ["ordered"] = false, ["writeConcern"] = _writeConcern },
                [new DocumentSequence("documents", batch)], cancellationToken).ConfigureAwait(false);
        }
    }

    public async IAsyncEnumerable<StoredEvent> ReadLogAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var document in FindAllAsync(MongoEventDocuments.Events, cancellationToken).ConfigureAwait(false))
        {
            yield return MongoEventDocuments.ToEvent(document);
        }
    }

    public async IAsyncEnumerable<AggregateVersionRecord> ReadAggregateVersionsAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await foreach (var document in FindAllAsync(MongoEventDocuments.Aggregates, cancellationToken).ConfigureAwait(false))
        {
            var id = document["_id"].AsBsonDocument;
            yield return new AggregateVersionRecord(new AggregateKey(id["eventSource"].AsString, id["aggregateType"].AsString), document["version"].ToInt64());
        }
    }

    public StoreErrorKind Classify(Exception exception) => MongoErrorClassifier.Classify(exception);

    public async ValueTask DisposeAsync()
    {
        if (_onDispose is not null)
        {
            await _onDispose().ConfigureAwait(false);
        }
    }

    private async IAsyncEnumerable<BsonDocument> FindAllAsync(string collection, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await using var lease = await _client.CheckOutAsync(cancellationToken).ConfigureAwait(false);
        var reply = await lease.RunCommandAsync(_database, new BsonDocument { ["find"] = collection, ["sort"] = new BsonDocument("_id", 1), ["batchSize"] = 10_000 }, null, cancellationToken).ConfigureAwait(false);
        var cursor = reply["cursor"].AsBsonDocument;
        foreach (var document in cursor["firstBatch"].AsBsonArray)
        {
            yield return document.AsBsonDocument;
        }

        while (cursor["id"].ToInt64() != 0)
        {
            reply = await lease.RunCommandAsync(_database, new BsonDocument { ["getMore"] = cursor["id"], ["collection"] = collection, ["batchSize"] = 10_000 }, null, cancellationToken).ConfigureAwait(false);
            cursor = reply["cursor"].AsBsonDocument;
            foreach (var document in cursor["nextBatch"].AsBsonArray)
            {
                yield return document.AsBsonDocument;
            }
        }
    }
}
