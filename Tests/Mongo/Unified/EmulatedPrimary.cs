using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>
/// An in-memory stand-in for the primary of a single-node replica set (MongoDB 7.0-like), for the client's
/// specification tests only: collections, snapshot-isolated transactions per session (a transaction sees the data as
/// of its first statement plus its own writes, which are applied at commit), cursors, the failCommand fail point and
/// the server's own error labels. Thread-safe: every request is answered under one lock.
/// </summary>
internal sealed class EmulatedPrimary
{
    private const int MaxBsonObjectSize = 16 * 1024 * 1024;

    private readonly Lock _gate = new();
    private readonly Dictionary<string, List<BsonDocument>> _committed = new(StringComparer.Ordinal);
    private readonly Dictionary<string, ServerTransaction> _transactions = new(StringComparer.Ordinal);
    private readonly Dictionary<long, Queue<BsonDocument>> _cursors = [];
    private readonly List<(long Sequence, string Key)> _committedWrites = [];
    private FailCommandPoint? _failPoint;
    private long _nextCursorId = 7_000;
    private uint _clock = 1;

    public static BsonDocument Hello() => new()
    {
        ["helloOk"] = true,
        ["isWritablePrimary"] = true,
        ["setName"] = "rs0",
        ["maxBsonObjectSize"] = MaxBsonObjectSize,
        ["maxMessageSizeBytes"] = OpMsg.DefaultMaxMessageBytes,
        ["maxWriteBatchSize"] = 100_000,
        ["minWireVersion"] = 0,
        ["maxWireVersion"] = 21,
        ["logicalSessionTimeoutMinutes"] = 30,
        ["ok"] = 1.0,
    };

    /// <summary>The command as its sender meant it: the body with its document sequences folded in as arrays.</summary>
    public static BsonDocument Command(OpMsg request)
    {
        ArgumentNullException.ThrowIfNull(request);
        var command = new BsonDocument(request.Body);
        foreach (var sequence in request.Sequences)
        {
            command[sequence.Identifier] = new BsonArray(sequence.Documents);
        }

        return command;
    }

    public void ConfigureFailPoint(BsonDocument command)
    {
        lock (_gate)
        {
            _failPoint = FailCommandPoint.From(command);
        }
    }

    /// <summary>Replaces a collection's committed documents (the test's initial data).</summary>
    public void Reset(string database, string collection, IEnumerable<BsonDocument> documents)
    {
        lock (_gate)
        {
            _committed[$"{database}.{collection}"] = [.. documents.Select(d => d.DeepClone().AsBsonDocument)];
        }
    }

    /// <summary>A collection's committed documents, in _id order.</summary>
    public IReadOnlyList<BsonDocument> Committed(string database, string collection)
    {
        lock (_gate)
        {
            return _committed.TryGetValue($"{database}.{collection}", out var documents)
                ? [.. documents.OrderBy(d => d["_id"]).Select(d => d.DeepClone().AsBsonDocument)]
                : [];
        }
    }

    /// <summary>The reply to a request, or <see cref="ScriptedMongoServer.CloseConnection"/>.</summary>
    public BsonDocument Answer(OpMsg request)
    {
        var command = Command(request);
        var name = command.GetElement(0).Name;
        if (name is "hello" or "isMaster" or "ismaster")
        {
            return Hello();
        }

        lock (_gate)
        {
            var inTransaction = command.TryGetValue("autocommit", out var autocommit) && !autocommit.ToBoolean();
            var isCommitOrAbort = name is "commitTransaction" or "abortTransaction";
            var failPoint = _failPoint is { } point && point.Fires(name) ? point : null;
            if (failPoint is { CloseConnection: true })
            {
                return ScriptedMongoServer.CloseConnection;
            }

            if (failPoint?.ErrorCode is { } failCode)
            {
                return Stamp(Error(failCode, $"Failing command {name} via 'failCommand' failpoint", failPoint.ErrorLabels ?? ServerErrors.Labels(failCode, null, inTransaction, isCommitOrAbort)));
            }

            BsonDocument reply;
            try
            {
                reply = Execute(name, command, inTransaction);
            }
            catch (EmulatedServerError e)
            {
                reply = Error(e.Code, e.Message, ServerErrors.Labels(e.Code, null, inTransaction, isCommitOrAbort));
            }

            var writeConcernError = failPoint?.WriteConcernError ?? Unsatisfiable(command);
            if (writeConcernError is not null && reply["ok"].ToDouble() == 1)
            {
                var concernError = new BsonDocument(writeConcernError);
                var code = concernError["code"].ToInt32();
                if (!concernError.Contains("codeName") && ServerErrors.NameOf(code) is { } codeName)
                {
                    concernError["codeName"] = codeName;
                }

                reply["writeConcernError"] = concernError;
                var labels = failPoint?.ErrorLabels ?? ServerErrors.Labels(0, code, inTransaction, isCommitOrAbort);
                if (labels.Count > 0)
                {
                    reply["errorLabels"] = new BsonArray(labels);
                }
            }

            return Stamp(reply);
        }
    }

    /// <summary>The write concern error a one-member replica set reports for a w it cannot reach (the command still runs).</summary>
    private static BsonDocument? Unsatisfiable(BsonDocument command) =>
        command.TryGetValue("writeConcern", out var concern) && concern.AsBsonDocument.TryGetValue("w", out var w) && w.IsNumeric && w.ToInt32() > 1
            ? new BsonDocument { ["code"] = 100, ["errmsg"] = "Not enough data-bearing nodes" }
            : null;

    private BsonDocument Execute(string name, BsonDocument command, bool inTransaction)
    {
        if (!inTransaction)
        {
            var keys = Touched(name, command, _committed);
            var reply = Run(name, command, _committed);
            _committedWrites.AddRange(keys.Select(k => (_committedWrites.Count + 1L, k)));
            return reply;
        }

        var key = command["lsid"]["id"].AsBsonBinaryData.Bytes is var id ? Convert.ToHexString(id) : "";
        var number = command["txnNumber"].ToInt64();
        _transactions.TryGetValue(key, out var transaction);
        if (command.GetValue("startTransaction", false).ToBoolean())
        {
            transaction = new ServerTransaction(
                number, _committed.ToDictionary(e => e.Key, e => e.Value.Select(d => d.DeepClone().AsBsonDocument).ToList(), StringComparer.Ordinal), _committedWrites.Count);
            _transactions[key] = transaction;
        }

        var known = transaction is not null && transaction.Number == number;
        switch (name)
        {
            case "commitTransaction":
                if (!known || transaction!.State == ServerTransactionState.Aborted)
                {
                    throw new EmulatedServerError(ServerErrors.NoSuchTransaction, $"Transaction with {{ txnNumber: {number} }} has been aborted.");
                }

                if (transaction.State == ServerTransactionState.Active)
                {
                    foreach (var (writeName, write) in transaction.Writes)
                    {
                        Run(writeName, write, _committed);
                    }

                    _committedWrites.AddRange(transaction.Written.Select(k => (_committedWrites.Count + 1L, k)));

                    transaction.State = ServerTransactionState.Committed;
                }

                return Ok();
            case "abortTransaction":
                if (!known || transaction!.State == ServerTransactionState.Aborted)
                {
                    throw new EmulatedServerError(ServerErrors.NoSuchTransaction, $"Transaction with {{ txnNumber: {number} }} has been aborted.");
                }

                if (transaction.State == ServerTransactionState.Committed)
                {
                    throw new EmulatedServerError(ServerErrors.TransactionCommitted, $"Transaction with {{ txnNumber: {number} }} has been committed.");
                }

                transaction.State = ServerTransactionState.Aborted;
                return Ok();
        }

        if (!known || transaction!.State != ServerTransactionState.Active)
        {
            throw new EmulatedServerError(ServerErrors.NoSuchTransaction, $"Transaction with {{ txnNumber: {number} }} has been aborted.");
        }

        // As on a real server, a statement that fails aborts its whole transaction.
        try
        {
            if (name is "count" or "create" or "drop" or "createIndexes")
            {
                throw new EmulatedServerError(ServerErrors.OperationNotSupportedInTransaction, $"Cannot run '{name}' in a multi-document transaction.");
            }

            if (command.Contains("writeConcern"))
            {
                throw new EmulatedServerError(72, "Cannot set write concern after starting a transaction.");
            }

            // First writer wins: a document another open transaction wrote, or one committed since this snapshot, conflicts.
            var touched = Touched(name, command, transaction.Data);
            if (touched.Any(k => _transactions.Values.Any(t => t != transaction && t.State == ServerTransactionState.Active && t.Written.Contains(k))
                                 || _committedWrites.Skip((int)transaction.Snapshot).Any(w => w.Key == k)))
            {
                throw new EmulatedServerError(MongoServerException.WriteConflict, "WriteConflict error: this operation conflicted with another operation. Please retry your operation or multi-document transaction.");
            }

            transaction.Written.UnionWith(touched);
            var reply = Run(name, command, transaction.Data);
            if (reply.Contains("writeErrors"))
            {
                transaction.State = ServerTransactionState.Aborted;
            }
            else if (name is "insert" or "update" or "delete" or "findAndModify")
            {
                transaction.Writes.Add((name, command));
            }

            return reply;
        }
        catch (EmulatedServerError)
        {
            transaction.State = ServerTransactionState.Aborted;
            throw;
        }
    }

    private BsonDocument Run(string name, BsonDocument command, Dictionary<string, List<BsonDocument>> data)
    {
        var database = command["$db"].AsString;
        List<BsonDocument> Collection(string field)
        {
            var ns = $"{database}.{command[field].AsString}";
            if (!data.TryGetValue(ns, out var documents))
            {
                data[ns] = documents = [];
            }

            return documents;
        }

        switch (name)
        {
            case "insert":
            {
                var documents = Collection("insert");
                var ordered = command.GetValue("ordered", true).ToBoolean();
                var writeErrors = new BsonArray();
                var inserted = 0;
                var batch = command["documents"].AsBsonArray;
                for (var i = 0; i < batch.Count; i++)
                {
                    var document = batch[i].AsBsonDocument;
                    if (documents.Any(d => DocumentQuery.SameValue(d["_id"], document["_id"])))
                    {
                        writeErrors.Add(new BsonDocument
                        {
                            ["index"] = i, ["code"] = 11000,
                            ["errmsg"] = $"E11000 duplicate key error collection: {database}.{command["insert"]} index: _id_ dup key: {{ _id: {document["_id"]} }}",
                        });
                        if (ordered)
                        {
                            break;
                        }

                        continue;
                    }

                    documents.Add(document.DeepClone().AsBsonDocument);
                    inserted++;
                }

                var reply = Ok();
                reply["n"] = inserted;
                if (writeErrors.Count > 0)
                {
                    reply["writeErrors"] = writeErrors;
                }

                return reply;
            }

            case "find":
            {
                IEnumerable<BsonDocument> found = Collection("find").Where(d => DocumentQuery.Matches(d, command.GetValue("filter", new BsonDocument()).AsBsonDocument));
                if (command.TryGetValue("sort", out var sort) && sort.AsBsonDocument.ElementCount > 0)
                {
                    var by = sort.AsBsonDocument.GetElement(0);
                    found = by.Value.ToInt32() < 0 ? found.OrderByDescending(d => d.GetValue(by.Name, BsonNull.Value)) : found.OrderBy(d => d.GetValue(by.Name, BsonNull.Value));
                }

                if (command.TryGetValue("limit", out var limit) && limit.ToInt32() > 0)
                {
                    found = found.Take(limit.ToInt32());
                }

                var projection = command.GetValue("projection", BsonNull.Value) as BsonDocument;
                return Cursor(database, command["find"].AsString, found.Select(d => DocumentQuery.Project(d, projection).DeepClone().AsBsonDocument),
                    command.TryGetValue("batchSize", out var size) ? size.ToInt32() : null, command.GetValue("singleBatch", false).ToBoolean());
            }

            case "aggregate":
            {
                var results = Aggregate(Collection("aggregate"), command["pipeline"].AsBsonArray);
                var cursor = command["cursor"].AsBsonDocument;
                return Cursor(database, command["aggregate"].AsString, results, cursor.TryGetValue("batchSize", out var size) ? size.ToInt32() : null, false);
            }

            case "getMore":
            {
                var id = command["getMore"].ToInt64();
                if (!_cursors.TryGetValue(id, out var remaining))
                {
                    throw new EmulatedServerError(ServerErrors.CursorNotFound, $"cursor id {id} not found");
                }

                var batch = new BsonArray();
                var size = command.TryGetValue("batchSize", out var b) ? b.ToInt32() : int.MaxValue;
                while (batch.Count < size && remaining.TryDequeue(out var next))
                {
                    batch.Add(next);
                }

                if (remaining.Count == 0)
                {
                    _cursors.Remove(id);
                }

                var reply = Ok();
                reply["cursor"] = new BsonDocument { ["id"] = remaining.Count == 0 ? 0L : id, ["ns"] = $"{database}.{command["collection"]}", ["nextBatch"] = batch };
                return reply;
            }

            case "count":
            {
                var reply = Ok();
                reply["n"] = Collection("count").Count(d => DocumentQuery.Matches(d, command.GetValue("query", new BsonDocument()).AsBsonDocument));
                return reply;
            }

            case "distinct":
            {
                var key = command["key"].AsString;
                var values = new BsonArray();
                foreach (var document in Collection("distinct").Where(d => DocumentQuery.Matches(d, command.GetValue("query", new BsonDocument()).AsBsonDocument)))
                {
                    if (document.TryGetValue(key, out var value) && !values.Any(v => DocumentQuery.SameValue(v, value)))
                    {
                        values.Add(value);
                    }
                }

                var reply = Ok();
                reply["values"] = values;
                return reply;
            }

            case "update":
            {
                var documents = Collection("update");
                long matched = 0, modified = 0;
                var upserted = new BsonArray();
                var statements = command["updates"].AsBsonArray;
                for (var i = 0; i < statements.Count; i++)
                {
                    var statement = statements[i].AsBsonDocument;
                    var filter = statement["q"].AsBsonDocument;
                    var update = statement["u"].AsBsonDocument;
                    var targets = documents.Where(d => DocumentQuery.Matches(d, filter)).ToList();
                    if (!statement.GetValue("multi", false).ToBoolean())
                    {
                        targets = [.. targets.Take(1)];
                    }

                    matched += targets.Count;
                    modified += targets.Count(d => DocumentQuery.Apply(d, update, inserting: false));
                    if (targets.Count == 0 && statement.GetValue("upsert", false).ToBoolean())
                    {
                        var created = DocumentQuery.Seed(filter);
                        DocumentQuery.Apply(created, update, inserting: true);
                        if (!created.Contains("_id"))
                        {
                            created.InsertAt(0, new BsonElement("_id", ObjectId.GenerateNewId()));
                        }

                        documents.Add(created);
                        upserted.Add(new BsonDocument { ["index"] = i, ["_id"] = created["_id"] });
                    }
                }

                var reply = Ok();
                reply["n"] = matched + upserted.Count;
                reply["nModified"] = modified;
                if (upserted.Count > 0)
                {
                    reply["upserted"] = upserted;
                }

                return reply;
            }

            case "delete":
            {
                var documents = Collection("delete");
                var deleted = 0;
                foreach (var statement in command["deletes"].AsBsonArray.Select(s => s.AsBsonDocument))
                {
                    var targets = documents.Where(d => DocumentQuery.Matches(d, statement["q"].AsBsonDocument)).ToList();
                    foreach (var target in statement["limit"].ToInt32() == 1 ? targets.Take(1) : targets)
                    {
                        documents.Remove(target);
                        deleted++;
                    }
                }

                var reply = Ok();
                reply["n"] = deleted;
                return reply;
            }

            case "findAndModify":
            {
                var documents = Collection("findAndModify");
                var target = documents.FirstOrDefault(d => DocumentQuery.Matches(d, command.GetValue("query", new BsonDocument()).AsBsonDocument));
                var before = target?.DeepClone().AsBsonDocument;
                BsonValue value = BsonNull.Value;
                if (command.GetValue("remove", false).ToBoolean())
                {
                    if (target is not null)
                    {
                        documents.Remove(target);
                        value = before!;
                    }
                }
                else
                {
                    var update = command["update"].AsBsonDocument;
                    if (target is null && command.GetValue("upsert", false).ToBoolean())
                    {
                        target = DocumentQuery.Seed(command.GetValue("query", new BsonDocument()).AsBsonDocument);
                        DocumentQuery.Apply(target, update, inserting: true);
                        documents.Add(target);
                    }
                    else if (target is not null)
                    {
                        DocumentQuery.Apply(target, update, inserting: false);
                    }

                    value = command.GetValue("new", false).ToBoolean() ? (BsonValue?)target?.DeepClone() ?? BsonNull.Value : (BsonValue?)before ?? BsonNull.Value;
                }

                var reply = Ok();
                reply["value"] = value;
                return reply;
            }

            case "create":
            {
                var ns = $"{database}.{command["create"].AsString}";
                if (data.ContainsKey(ns))
                {
                    throw new EmulatedServerError(ServerErrors.NamespaceExists, $"Collection {ns} already exists.");
                }

                data[ns] = [];
                return Ok();
            }

            case "drop":
                data.Remove($"{database}.{command["drop"].AsString}");
                return Ok();
            case "dropDatabase":
                foreach (var ns in data.Keys.Where(k => k.StartsWith(database + ".", StringComparison.Ordinal)).ToList())
                {
                    data.Remove(ns);
                }

                return Ok();
            case "buildInfo":
            {
                var reply = Ok();
                reply["version"] = "7.0.0";
                return reply;
            }

            case "ping" or "endSessions" or "killCursors" or "createIndexes":
                return Ok();
            default:
                throw new EmulatedServerError(ServerErrors.CommandNotFound, $"no such command: '{name}'");
        }
    }

    /// <summary>The documents ("namespace|_id") a write command would touch.</summary>
    private static List<string> Touched(string name, BsonDocument command, Dictionary<string, List<BsonDocument>> data)
    {
        if (name is not ("insert" or "update" or "delete" or "findAndModify"))
        {
            return [];
        }

        var ns = $"{command["$db"].AsString}.{command[name].AsString}";
        var documents = data.GetValueOrDefault(ns) ?? [];
        IEnumerable<BsonValue> ids = name switch
        {
            "insert" => command["documents"].AsBsonArray.Select(d => d["_id"]),
            "update" => command["updates"].AsBsonArray.SelectMany(u => Matching(u["q"].AsBsonDocument)),
            "delete" => command["deletes"].AsBsonArray.SelectMany(u => Matching(u["q"].AsBsonDocument)),
            _ => Matching(command.GetValue("query", new BsonDocument()).AsBsonDocument).Take(1),
        };
        return [.. ids.Select(id => $"{ns}|{id}")];

        IEnumerable<BsonValue> Matching(BsonDocument filter)
        {
            var matched = documents.Where(d => DocumentQuery.Matches(d, filter)).Select(d => d["_id"]).ToList();
            return matched.Count == 0 && filter.TryGetValue("_id", out var id) && id is not BsonDocument ? [id] : matched;
        }
    }

    private BsonDocument Cursor(string database, string collection, IEnumerable<BsonDocument> results, int? batchSize, bool singleBatch)
    {
        var remaining = new Queue<BsonDocument>(results);
        var first = new BsonArray();
        while (first.Count < (batchSize ?? 101) && remaining.TryDequeue(out var next))
        {
            first.Add(next);
        }

        long id = 0;
        if (remaining.Count > 0 && !singleBatch)
        {
            id = ++_nextCursorId;
            _cursors[id] = remaining;
        }

        var reply = Ok();
        reply["cursor"] = new BsonDocument { ["id"] = id, ["ns"] = $"{database}.{collection}", ["firstBatch"] = first };
        return reply;
    }

    private static List<BsonDocument> Aggregate(IEnumerable<BsonDocument> input, BsonArray pipeline)
    {
        var documents = input.Select(d => d.DeepClone().AsBsonDocument).ToList();
        foreach (var stage in pipeline.Select(s => s.AsBsonDocument.GetElement(0)))
        {
            documents = stage.Name switch
            {
                "$match" => [.. documents.Where(d => DocumentQuery.Matches(d, stage.Value.AsBsonDocument))],
                "$project" => [.. documents.Select(d => DocumentQuery.Project(d, stage.Value.AsBsonDocument))],
                "$count" => documents.Count == 0 ? [] : [new BsonDocument(stage.Value.AsString, documents.Count)],
                "$skip" => [.. documents.Skip(stage.Value.ToInt32())],
                "$limit" => [.. documents.Take(stage.Value.ToInt32())],
                "$group" => Group(documents, stage.Value.AsBsonDocument),
                _ => throw new NotSupportedException($"the emulated server does not know the stage {stage.Name}"),
            };
        }

        return documents;
    }

    /// <summary>$group on a constant key with $sum accumulators, as countDocuments sends it.</summary>
    private static List<BsonDocument> Group(List<BsonDocument> documents, BsonDocument group)
    {
        if (documents.Count == 0)
        {
            return [];
        }

        var result = new BsonDocument("_id", group["_id"]);
        foreach (var accumulator in group.Where(e => e.Name != "_id"))
        {
            var sum = accumulator.Value.AsBsonDocument.GetElement(0);
            if (sum.Name != "$sum" || !sum.Value.IsNumeric)
            {
                throw new NotSupportedException($"the emulated server's $group knows only {{$sum: <number>}}, not {accumulator.Value}");
            }

            result[accumulator.Name] = documents.Count * sum.Value.ToInt32();
        }

        return [result];
    }

    private static BsonDocument Ok() => new("ok", 1.0);

    private static BsonDocument Error(int code, string message, IReadOnlyList<string> labels)
    {
        var reply = new BsonDocument { ["ok"] = 0.0, ["errmsg"] = message, ["code"] = code };
        if (ServerErrors.NameOf(code) is { } name)
        {
            reply["codeName"] = name;
        }

        if (labels.Count > 0)
        {
            reply["errorLabels"] = new BsonArray(labels);
        }

        return reply;
    }

    private BsonDocument Stamp(BsonDocument reply)
    {
        reply["operationTime"] = new BsonTimestamp((int)DateTimeOffset.UtcNow.ToUnixTimeSeconds(), (int)++_clock);
        return reply;
    }
}
