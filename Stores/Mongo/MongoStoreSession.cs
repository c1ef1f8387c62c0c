using EventCommitLab.Stores.Mongo.Wire;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The store port's operations on one pooled connection; in a transaction, through the connection's session.</summary>
internal sealed class MongoStoreSession(MongoConnectionLease lease, MongoSession? transaction, string database, BsonDocument writeConcern) : IStoreSession
{
    private const int MaxBatchCount = 100_000;

    public async Task<long> CountEventsAsync(CancellationToken cancellationToken)
    {
        // The count command is not allowed in a transaction; an aggregation with $count is, as drivers' countDocuments does.
        var reply = await RunAsync(new BsonDocument
        {
            ["aggregate"] = MongoEventDocuments.Events,
            ["pipeline"] = new BsonArray { new BsonDocument("$count", "n") },
            ["cursor"] = new BsonDocument(),
        }, null, cancellationToken).ConfigureAwait(false);
        var batch = reply["cursor"]["firstBatch"].AsBsonArray;
        return batch.Count == 0 ? 0 : batch[0]["n"].ToInt64();
    }

    public async Task<long?> ReadHighestSequenceNumberAsync(CancellationToken cancellationToken)
    {
        var reply = await RunAsync(new BsonDocument
        {
            ["find"] = MongoEventDocuments.Events,
            ["sort"] = new BsonDocument("_id", -1),
            ["projection"] = new BsonDocument("_id", 1),
            ["limit"] = 1,
            ["singleBatch"] = true,
        }, null, cancellationToken).ConfigureAwait(false);
        var batch = reply["cursor"]["firstBatch"].AsBsonArray;
        return batch.Count == 0 ? null : batch[0]["_id"].ToInt64();
    }

    public async Task<long> ReserveSequenceNumbersAsync(int count, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, 1);
        var reply = await RunAsync(Write(new BsonDocument
        {
            ["findAndModify"] = MongoEventDocuments.Counters,
            ["query"] = new BsonDocument("_id", MongoEventDocuments.EventsCounterId),
            ["update"] = new BsonDocument("$inc", new BsonDocument("next", new BsonInt64(count))),
            ["new"] = false,
        }), null, cancellationToken).ConfigureAwait(false);
        return reply["value"]["next"].ToInt64();
    }

    public Task InsertEventAsync(StoredEvent storedEvent, CancellationToken cancellationToken) => InsertEventsAsync([storedEvent], cancellationToken);

    public async Task InsertEventsAsync(IReadOnlyList<StoredEvent> storedEvents, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);
        var documents = MongoEventDocuments.ToDocuments(storedEvents, lease.Hello.MaxBsonObjectBytes);
        foreach (var batch in Batches(documents, lease.Hello.MaxMessageBytes - (16 * 1024)))
        {
            await RunAsync(Write(new BsonDocument { ["insert"] = MongoEventDocuments.Events, ["ordered"] = true }),
                [new DocumentSequence("documents", batch)], cancellationToken).ConfigureAwait(false);
        }
    }

    public async Task<AggregateVersionCheck> TryAdvanceAggregateVersionAsync(
        AggregateKey aggregate, long expectedVersion, long nextVersion, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(aggregate);
        var id = MongoEventDocuments.AggregateId(aggregate);

        // An upsert that only sets on insert, or an update filtered on the expected version, reports a mismatch as
        // "nothing changed": an error would abort the whole transaction and with it the other commits of a batch.
        var update = expectedVersion == 0
            ? new BsonDocument { ["q"] = new BsonDocument("_id", id), ["u"] = new BsonDocument("$setOnInsert", new BsonDocument("version", new BsonInt64(nextVersion))), ["upsert"] = true }
            : new BsonDocument { ["q"] = new BsonDocument { ["_id"] = id, ["version"] = new BsonInt64(expectedVersion) }, ["u"] = new BsonDocument("$set", new BsonDocument("version", new BsonInt64(nextVersion))) };
        var reply = await RunAsync(Write(new BsonDocument { ["update"] = MongoEventDocuments.Aggregates, ["updates"] = new BsonArray { update } }), null, cancellationToken).ConfigureAwait(false);
        var advanced = expectedVersion == 0 ? reply.Contains("upserted") : reply.GetValue("nModified", 0).ToInt64() == 1;
        if (advanced)
        {
            return AggregateVersionCheck.Success;
        }

        var found = await RunAsync(new BsonDocument { ["find"] = MongoEventDocuments.Aggregates, ["filter"] = new BsonDocument("_id", id), ["limit"] = 1, ["singleBatch"] = true }, null, cancellationToken).ConfigureAwait(false);
        var batch = found["cursor"]["firstBatch"].AsBsonArray;
        return AggregateVersionCheck.Mismatch(batch.Count == 0 ? 0 : batch[0]["version"].ToInt64());
    }

    public async Task CommitAsync(CancellationToken cancellationToken)
    {
        if (transaction is not null)
        {
            await MongoTransactions.CommitWithRetryAsync(transaction, TimeProvider.System, TimeProvider.System.GetTimestamp(), cancellationToken).ConfigureAwait(false);
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (transaction is { InTransaction: true })
        {
            await transaction.AbortTransactionAsync(CancellationToken.None).ConfigureAwait(false);
        }

        await lease.DisposeAsync().ConfigureAwait(false);
    }

    internal static IEnumerable<BsonDocument[]> Batches(BsonDocument[] documents, int maxBytes)
    {
        var batch = new List<BsonDocument>();
        var bytes = 0;
        foreach (var document in documents)
        {
            var size = document.ToBson().Length;
            if (batch.Count > 0 && (bytes + size > maxBytes || batch.Count == MaxBatchCount))
            {
                yield return [.. batch];
                batch.Clear();
                bytes = 0;
            }

            batch.Add(document);
            bytes += size;
        }

        if (batch.Count > 0)
        {
            yield return [.. batch];
        }
    }

    // Outside a transaction each write carries the lab's write concern; inside one, only commitTransaction does.
    private BsonDocument Write(BsonDocument command)
    {
        if (transaction is null)
        {
            command["writeConcern"] = writeConcern;
        }

        return command;
    }

    private Task<BsonDocument> RunAsync(BsonDocument command, IReadOnlyList<DocumentSequence>? sequences, CancellationToken cancellationToken) =>
        transaction is not null
            ? transaction.RunCommandAsync(database, command, sequences, cancellationToken)
            : lease.RunCommandAsync(database, command, sequences, cancellationToken);
}
