using System.Runtime.CompilerServices;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// The CRUD commands on one collection, shaped as MongoDB's CRUD specification shapes them. With a session the
/// command runs in it (and in its transaction, if open); the collection's read and write concerns go with it, and a
/// transaction's session takes them off again (see <see cref="MongoSession"/>). Cursors are drained with getMore on the same session.
/// </summary>
public sealed class MongoCollection(IMongoCommandRunner runner, string database, string name, MongoCollectionOptions? options = null)
{
    private readonly MongoCollectionOptions _options = options ?? new MongoCollectionOptions();

    public string Database => database;

    public string Name => name;

    /// <summary>This collection reached through another runner (a pooled connection lent for a series of commands).</summary>
    public MongoCollection On(IMongoCommandRunner other) => new(other, database, name, _options);

    /// <summary>Inserts documents as one insert command (a document sequence); an _id is generated where one is missing.</summary>
    /// <returns>The documents' _id values, in order.</returns>
    public async Task<IReadOnlyList<BsonValue>> InsertManyAsync(
        IReadOnlyList<BsonDocument> documents, MongoSession? session, CancellationToken cancellationToken, bool ordered = true)
    {
        ArgumentNullException.ThrowIfNull(documents);
        var ids = new BsonValue[documents.Count];
        for (var i = 0; i < documents.Count; i++)
        {
            if (!documents[i].TryGetValue("_id", out var id))
            {
                id = ObjectId.GenerateNewId();
                documents[i].InsertAt(0, new BsonElement("_id", id));
            }

            ids[i] = id;
        }

        await RunAsync(Write(new BsonDocument { ["insert"] = name, ["ordered"] = ordered }), [new DocumentSequence("documents", [.. documents])], session, cancellationToken)
            .ConfigureAwait(false);
        return ids;
    }

    public async Task<BsonValue> InsertOneAsync(BsonDocument document, MongoSession? session, CancellationToken cancellationToken) =>
        (await InsertManyAsync([document], session, cancellationToken).ConfigureAwait(false))[0];

    public IAsyncEnumerable<BsonDocument> FindAsync(BsonDocument filter, MongoFindOptions? findOptions, MongoSession? session, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(filter);
        var command = new BsonDocument { ["find"] = name, ["filter"] = filter };
        if (findOptions is not null)
        {
            AddIfSet(command, "sort", findOptions.Sort);
            AddIfSet(command, "projection", findOptions.Projection);
            AddIfSet(command, "limit", findOptions.Limit);
            AddIfSet(command, "batchSize", findOptions.BatchSize);
            if (findOptions.SingleBatch)
            {
                command["singleBatch"] = true;
            }
        }

        return CursorAsync(Read(command), findOptions?.BatchSize, session, cancellationToken);
    }

    public IAsyncEnumerable<BsonDocument> AggregateAsync(BsonArray pipeline, MongoSession? session, CancellationToken cancellationToken, int? batchSize = null, TimeSpan? maxTime = null)
    {
        ArgumentNullException.ThrowIfNull(pipeline);
        var cursor = new BsonDocument();
        AddIfSet(cursor, "batchSize", batchSize);
        var command = new BsonDocument { ["aggregate"] = name, ["pipeline"] = pipeline, ["cursor"] = cursor };
        AddIfSet(command, "maxTimeMS", maxTime is { } limit ? (int)limit.TotalMilliseconds : null);
        return CursorAsync(Read(command), batchSize, session, cancellationToken);
    }

    /// <summary>Counts matching documents with an aggregation, which (unlike the count command) a transaction allows.</summary>
    public async Task<long> CountDocumentsAsync(BsonDocument filter, MongoSession? session, CancellationToken cancellationToken)
    {
        var pipeline = new BsonArray
        {
            new BsonDocument("$match", filter),
            new BsonDocument("$group", new BsonDocument { ["_id"] = 1, ["n"] = new BsonDocument("$sum", 1) }),
        };
        await foreach (var result in AggregateAsync(pipeline, session, cancellationToken).ConfigureAwait(false))
        {
            return result["n"].ToInt64();
        }

        return 0;
    }

    /// <summary>The count command: a metadata count, which a transaction refuses (use <see cref="CountDocumentsAsync"/> there).</summary>
    public async Task<long> CountAsync(BsonDocument filter, MongoSession? session, CancellationToken cancellationToken)
    {
        var reply = await RunAsync(Read(new BsonDocument { ["count"] = name, ["query"] = filter }), null, session, cancellationToken).ConfigureAwait(false);
        return reply["n"].ToInt64();
    }

    public async Task<IReadOnlyList<BsonValue>> DistinctAsync(string field, BsonDocument filter, MongoSession? session, CancellationToken cancellationToken)
    {
        var reply = await RunAsync(Read(new BsonDocument { ["distinct"] = name, ["key"] = field, ["query"] = filter }), null, session, cancellationToken).ConfigureAwait(false);
        return [.. reply["values"].AsBsonArray];
    }

    public async Task<MongoUpdateResult> UpdateAsync(
        BsonDocument filter, BsonDocument update, MongoSession? session, CancellationToken cancellationToken, bool upsert = false, bool multi = false)
    {
        var statement = new BsonDocument { ["q"] = filter, ["u"] = update };
        if (upsert)
        {
            statement["upsert"] = true;
        }

        if (multi)
        {
            statement["multi"] = true;
        }

        var reply = await RunAsync(Write(new BsonDocument { ["update"] = name, ["updates"] = new BsonArray { statement }, ["ordered"] = true }), null, session, cancellationToken)
            .ConfigureAwait(false);
        var upserted = reply.TryGetValue("upserted", out var list) && list is BsonArray { Count: > 0 } array ? array[0]["_id"] : null;
        var matched = reply.GetValue("n", 0).ToInt64() - (upserted is null ? 0 : 1);
        return new MongoUpdateResult(matched, reply.GetValue("nModified", 0).ToInt64(), upserted);
    }

    /// <summary>
    /// One update command carrying many statements ("q", "u", optional "upsert"), ordered, as a document sequence;
    /// returns how many documents they matched or inserted together (the reply's "n").
    /// </summary>
    public async Task<long> UpdateEachAsync(IReadOnlyList<BsonDocument> statements, MongoSession? session, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(statements);
        var reply = await RunAsync(Write(new BsonDocument { ["update"] = name, ["ordered"] = true }), [new DocumentSequence("updates", [.. statements])], session, cancellationToken)
            .ConfigureAwait(false);
        return reply.GetValue("n", 0).ToInt64();
    }

    public async Task<long> DeleteAsync(BsonDocument filter, MongoSession? session, CancellationToken cancellationToken, bool many = false)
    {
        var statement = new BsonDocument { ["q"] = filter, ["limit"] = many ? 0 : 1 };
        var reply = await RunAsync(Write(new BsonDocument { ["delete"] = name, ["deletes"] = new BsonArray { statement }, ["ordered"] = true }), null, session, cancellationToken)
            .ConfigureAwait(false);
        return reply.GetValue("n", 0).ToInt64();
    }

    /// <summary>findAndModify: updates (or replaces, or with a null update removes) one document and returns it, before or after.</summary>
    public async Task<BsonDocument?> FindAndModifyAsync(
        BsonDocument filter, BsonDocument? update, MongoSession? session, CancellationToken cancellationToken, bool returnNew = false, bool upsert = false)
    {
        var command = new BsonDocument { ["findAndModify"] = name, ["query"] = filter };
        if (update is null)
        {
            command["remove"] = true;
        }
        else
        {
            command["update"] = update;
            command["new"] = returnNew;
            if (upsert)
            {
                command["upsert"] = true;
            }
        }

        var reply = await RunAsync(Write(command), null, session, cancellationToken).ConfigureAwait(false);
        return reply.TryGetValue("value", out var value) && value is BsonDocument document ? document : null;
    }

    private async IAsyncEnumerable<BsonDocument> CursorAsync(BsonDocument command, int? batchSize, MongoSession? session, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var cursor = (await RunAsync(command, null, session, cancellationToken).ConfigureAwait(false))["cursor"].AsBsonDocument;
        foreach (var document in cursor["firstBatch"].AsBsonArray)
        {
            yield return document.AsBsonDocument;
        }

        while (cursor["id"].ToInt64() != 0)
        {
            var getMore = new BsonDocument { ["getMore"] = cursor["id"], ["collection"] = name };
            AddIfSet(getMore, "batchSize", batchSize);
            cursor = (await RunAsync(getMore, null, session, cancellationToken).ConfigureAwait(false))["cursor"].AsBsonDocument;
            foreach (var document in cursor["nextBatch"].AsBsonArray)
            {
                yield return document.AsBsonDocument;
            }
        }
    }

    private BsonDocument Write(BsonDocument command)
    {
        if (_options.WriteConcern is { } writeConcern)
        {
            command["writeConcern"] = writeConcern;
        }

        return command;
    }

    private BsonDocument Read(BsonDocument command)
    {
        if (_options.ReadConcernLevel is { } level)
        {
            command["readConcern"] = new BsonDocument("level", level);
        }

        return command;
    }

    private Task<BsonDocument> RunAsync(BsonDocument command, IReadOnlyList<DocumentSequence>? sequences, MongoSession? session, CancellationToken cancellationToken) =>
        session is null
            ? runner.RunCommandAsync(database, command, sequences, cancellationToken)
            : session.RunCommandAsync(database, command, sequences, cancellationToken);

    private static void AddIfSet(BsonDocument command, string field, BsonValue? value)
    {
        if (value is not null)
        {
            command[field] = value;
        }
    }

    private static void AddIfSet(BsonDocument command, string field, int? value)
    {
        if (value is { } set)
        {
            command[field] = set;
        }
    }
}
