using System.Globalization;
using System.Runtime.ExceptionServices;
using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>
/// Runs one test of MongoDB's unified test format against the lab's client and the emulated primary: creates the
/// entities, runs the operations (checking results and errors), then checks the commands each observing client sent
/// and the collections' final contents. Tests that need what the lab's client or the emulation do not have (other
/// topologies or server versions, operations the client does not implement) are skipped, naming what is missing.
/// </summary>
internal sealed class UnifiedTestRunner : IAsyncDisposable
{
    private const string ServerVersion = "7.0.0";

    private static readonly Dictionary<string, HashSet<string>> SupportedOperations = new(StringComparer.Ordinal)
    {
        ["startTransaction"] = ["readConcern", "writeConcern", "maxCommitTimeMS"],
        ["withTransaction"] = ["callback", "readConcern", "writeConcern", "maxCommitTimeMS"],
        ["commitTransaction"] = [],
        ["abortTransaction"] = [],
        ["endSession"] = [],
        ["failPoint"] = ["client", "failPoint"],
        ["createEntities"] = ["entities"],
        ["insertOne"] = ["document", "session"],
        ["insertMany"] = ["documents", "session", "ordered"],
        ["find"] = ["filter", "session", "batchSize", "limit", "sort", "projection"],
        ["aggregate"] = ["pipeline", "session", "batchSize", "maxTimeMS"],
        ["countDocuments"] = ["filter", "session"],
        ["count"] = ["filter", "session"],
        ["distinct"] = ["fieldName", "filter", "session"],
        ["updateOne"] = ["filter", "update", "upsert", "session"],
        ["updateMany"] = ["filter", "update", "upsert", "session"],
        ["deleteOne"] = ["filter", "session"],
        ["deleteMany"] = ["filter", "session"],
        ["findOneAndDelete"] = ["filter", "session"],
        ["findOneAndReplace"] = ["filter", "replacement", "returnDocument", "upsert", "session"],
        ["findOneAndUpdate"] = ["filter", "update", "returnDocument", "upsert", "session"],
        ["runCommand"] = ["command", "commandName", "session"],
    };

    private readonly EmulatedPrimary _server = new();
    private readonly Dictionary<string, UnifiedClientEntity> _clients = new(StringComparer.Ordinal);
    private readonly Dictionary<string, (UnifiedClientEntity Client, string Name, MongoCollectionOptions Options)> _databases = new(StringComparer.Ordinal);
    private readonly Dictionary<string, MongoCollection> _collections = new(StringComparer.Ordinal);
    private readonly Dictionary<string, MongoSession> _sessions = new(StringComparer.Ordinal);
    private readonly UnifiedMatcher _matcher;
    private readonly CancellationToken _cancellationToken;

    private UnifiedTestRunner(CancellationToken cancellationToken)
    {
        _cancellationToken = cancellationToken;
        _matcher = new UnifiedMatcher(id => _sessions.TryGetValue(id, out var session) ? session.Lsid : throw new InvalidOperationException($"no session entity {id}"));
    }

    /// <summary>Why the test cannot run here, or null when it can.</summary>
    public static string? Unsupported(BsonDocument file, BsonDocument test)
    {
        if (test.TryGetValue("skipReason", out var reason))
        {
            return $"the test says: {reason}";
        }

        foreach (var requirements in new[] { file, test }.Select(d => d.GetValue("runOnRequirements", BsonNull.Value)).OfType<BsonArray>())
        {
            if (!requirements.Any(r => Satisfied(r.AsBsonDocument)))
            {
                return $"needs {requirements}; the emulated server is a MongoDB {ServerVersion} single-node replica set without auth";
            }
        }

        var operations = new List<BsonDocument>();
        void Collect(BsonArray list)
        {
            foreach (var operation in list.Select(o => o.AsBsonDocument))
            {
                operations.Add(operation);
                if (operation.GetValue("arguments", new BsonDocument()).AsBsonDocument.TryGetValue("callback", out var callback))
                {
                    Collect(callback.AsBsonArray);
                }
            }
        }

        Collect(test["operations"].AsBsonArray);
        foreach (var operation in operations)
        {
            var name = operation["name"].AsString;
            if (!SupportedOperations.TryGetValue(name, out var arguments))
            {
                return $"the operation {name} is not one the lab's client implements";
            }

            if (operation.GetValue("arguments", new BsonDocument()).AsBsonDocument.Names.FirstOrDefault(a => !arguments.Contains(a)) is { } argument)
            {
                return $"the lab's client has no option {argument} for {name}";
            }

            if (operation.TryGetValue("expectError", out var error) && error.AsBsonDocument.Names.FirstOrDefault(n => n is "expectResult" or "isTimeoutError") is { } check)
            {
                return $"the runner does not check {check} in expectError";
            }
        }

        foreach (var expectation in test.GetValue("expectEvents", new BsonArray()).AsBsonArray.Select(e => e.AsBsonDocument))
        {
            if (expectation.GetValue("eventType", "command").AsString != "command"
                || expectation["events"].AsBsonArray.Any(e => e.AsBsonDocument.GetElement(0).Name != "commandStartedEvent"))
            {
                return "the runner observes command-started events only";
            }
        }

        return null;
    }

    public static async Task RunAsync(BsonDocument file, BsonDocument test, CancellationToken cancellationToken)
    {
        await using var runner = new UnifiedTestRunner(cancellationToken);
        foreach (var data in file.GetValue("initialData", new BsonArray()).AsBsonArray.Select(d => d.AsBsonDocument))
        {
            runner._server.Reset(data["databaseName"].AsString, data["collectionName"].AsString, data["documents"].AsBsonArray.Select(d => d.AsBsonDocument));
        }

        runner.CreateEntities(file.GetValue("createEntities", new BsonArray()).AsBsonArray);
        foreach (var operation in test["operations"].AsBsonArray.Select(o => o.AsBsonDocument))
        {
            await runner.RunOperationAsync(operation, inCallback: false).ConfigureAwait(false);
        }

        foreach (var expectation in test.GetValue("expectEvents", new BsonArray()).AsBsonArray.Select(e => e.AsBsonDocument))
        {
            runner.CheckEvents(expectation);
        }

        foreach (var outcome in test.GetValue("outcome", new BsonArray()).AsBsonArray.Select(o => o.AsBsonDocument))
        {
            var actual = new BsonArray(runner._server.Committed(outcome["databaseName"].AsString, outcome["collectionName"].AsString));
            if (runner._matcher.Mismatch(outcome["documents"], actual, root: false) is { } mismatch)
            {
                Assert.Fail($"outcome of {outcome["databaseName"]}.{outcome["collectionName"]}: {mismatch}");
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var session in _sessions.Values)
        {
            session.Dispose();
        }

        foreach (var client in _clients.Values)
        {
            await client.DisposeAsync().ConfigureAwait(false);
        }
    }

    private static bool Satisfied(BsonDocument requirement)
    {
        var version = Version.Parse(ServerVersion);
        return requirement.All(r => r.Name switch
        {
            "minServerVersion" => Parse(r.Value.AsString) <= version,
            "maxServerVersion" => Parse(r.Value.AsString) >= version,
            "topologies" => r.Value.AsBsonArray.Any(t => t.AsString == "replicaset"),
            "serverless" => r.Value.AsString != "require",
            "auth" => !r.Value.ToBoolean(),
            _ => false,
        });

        static Version Parse(string text)
        {
            var parts = text.Split('.').Select(p => int.Parse(p, CultureInfo.InvariantCulture)).Concat([0, 0]).Take(3).ToArray();
            return new Version(parts[0], parts[1], parts[2]);
        }
    }

    private void CreateEntities(BsonArray entities)
    {
        foreach (var entity in entities.Select(e => e.AsBsonDocument.GetElement(0)))
        {
            var spec = entity.Value.AsBsonDocument;
            var id = spec["id"].AsString;
            switch (entity.Name)
            {
                case "client":
                    if (spec.Names.FirstOrDefault(n => n is not ("id" or "uriOptions" or "observeEvents" or "useMultipleMongoses" or "ignoreCommandMonitoringEvents")) is { } option)
                    {
                        throw new NotSupportedException($"client option {option}");
                    }

                    var listener = new ScriptedMongoServer(_server.Answer);
                    var uri = $"mongodb://127.0.0.1:{listener.Host.Port}/?directConnection=true" +
                              string.Concat(spec.GetValue("uriOptions", new BsonDocument()).AsBsonDocument.Select(o => $"&{o.Name}={(o.Value.IsBoolean ? (o.Value.AsBoolean ? "true" : "false") : o.Value.ToString())}"));
                    var observes = spec.GetValue("observeEvents", new BsonArray()).AsBsonArray.Any(e => e.AsString == "commandStartedEvent");
                    var ignored = spec.GetValue("ignoreCommandMonitoringEvents", new BsonArray()).AsBsonArray.Select(e => e.AsString).ToHashSet(StringComparer.Ordinal);
                    _clients[id] = new UnifiedClientEntity(listener, new MongoClient(MongoConnectionString.Parse(uri)), observes, ignored);
                    break;
                case "database":
                    var options = spec.GetValue("databaseOptions", new BsonDocument()).AsBsonDocument;
                    _databases[id] = (_clients[spec["client"].AsString], spec["databaseName"].AsString, new MongoCollectionOptions(ReadConcernLevel(options), WriteConcern(options)));
                    break;
                case "collection":
                    var database = _databases[spec["database"].AsString];
                    var collectionOptions = spec.GetValue("collectionOptions", new BsonDocument()).AsBsonDocument;
                    _collections[id] = new MongoCollection(database.Client.Client, database.Name, spec["collectionName"].AsString,
                        new MongoCollectionOptions(ReadConcernLevel(collectionOptions) ?? database.Options.ReadConcernLevel, WriteConcern(collectionOptions) ?? database.Options.WriteConcern));
                    break;
                case "session":
                    var sessionOptions = spec.GetValue("sessionOptions", new BsonDocument()).AsBsonDocument;
                    if (sessionOptions.Names.FirstOrDefault(n => n != "defaultTransactionOptions") is { } sessionOption)
                    {
                        throw new NotSupportedException($"session option {sessionOption}");
                    }

                    var defaults = sessionOptions.TryGetValue("defaultTransactionOptions", out var d) ? TransactionOptions(d.AsBsonDocument) : null;
                    _sessions[id] = _clients[spec["client"].AsString].Client.StartSession(defaults);
                    break;
                default:
                    throw new NotSupportedException($"entity type {entity.Name}");
            }
        }
    }

    private async Task RunOperationAsync(BsonDocument operation, bool inCallback)
    {
        BsonValue? result = null;
        Exception? error = null;
        try
        {
            result = await ExecuteAsync(operation).ConfigureAwait(false);
        }
        catch (Exception e) when (e is MongoException or InvalidOperationException)
        {
            error = e;
        }

        var what = $"{operation["object"]}.{operation["name"]}";
        var ignored = operation.GetValue("ignoreResultAndError", false).ToBoolean();
        if (!ignored && operation.TryGetValue("expectError", out var expectError))
        {
            if (error is null)
            {
                Assert.Fail($"{what}: expected an error, it succeeded with {result?.ToString() ?? "nothing"}");
            }

            CheckError(what, expectError.AsBsonDocument, error);
        }
        else if (!ignored && error is not null && !inCallback)
        {
            Assert.Fail($"{what}: unexpected {error.GetType().Name}: {error.Message} (labels: {string.Join(", ", (error as MongoException)?.Labels ?? [])})");
        }
        else if (!ignored && error is null && operation.TryGetValue("expectResult", out var expected) && _matcher.Mismatch(expected, result, root: true) is { } mismatch)
        {
            Assert.Fail($"{what}: result {result?.ToString() ?? "nothing"} does not match {expected}: {mismatch}");
        }

        // Inside withTransaction's callback an error, even an expected or ignored one, goes on to the helper, which
        // decides whether to retry.
        if (error is not null && inCallback)
        {
            ExceptionDispatchInfo.Throw(error);
        }
    }

    private static void CheckError(string what, BsonDocument expected, Exception error)
    {
        var server = error as MongoServerException;
        var labels = (error as MongoException)?.Labels ?? [];
        var described = $"{what} failed with {error.GetType().Name}: {error.Message} (labels: {string.Join(", ", labels)})";
        foreach (var check in expected)
        {
            var ok = check.Name switch
            {
                "isError" => true,
                "isClientError" => (server is null) == check.Value.ToBoolean(),
                "errorContains" => error.Message.Contains(check.Value.AsString, StringComparison.OrdinalIgnoreCase),
                "errorCode" => server?.Code == check.Value.ToInt32(),
                "errorCodeName" => server?.CodeName == check.Value.AsString,
                "errorLabelsContain" => check.Value.AsBsonArray.All(l => labels.Contains(l.AsString)),
                "errorLabelsOmit" => !check.Value.AsBsonArray.Any(l => labels.Contains(l.AsString)),
                _ => throw new NotSupportedException($"expectError.{check.Name}"),
            };
            Assert.True(ok, $"{described}; expected {check.Name}: {check.Value}");
        }
    }

    private async Task<BsonValue?> ExecuteAsync(BsonDocument operation)
    {
        var target = operation["object"].AsString;
        var name = operation["name"].AsString;
        var arguments = operation.GetValue("arguments", new BsonDocument()).AsBsonDocument;
        var session = arguments.TryGetValue("session", out var sessionId) ? _sessions[sessionId.AsString] : null;
        var ct = _cancellationToken;

        if (target == "testRunner")
        {
            switch (name)
            {
                case "failPoint":
                    _server.ConfigureFailPoint(arguments["failPoint"].AsBsonDocument);
                    return null;
                case "createEntities":
                    CreateEntities(arguments["entities"].AsBsonArray);
                    return null;
            }
        }

        if (_sessions.TryGetValue(target, out var own))
        {
            switch (name)
            {
                case "startTransaction":
                    own.StartTransaction(TransactionOptions(arguments));
                    return null;
                case "commitTransaction":
                    await own.CommitTransactionAsync(ct).ConfigureAwait(false);
                    return null;
                case "abortTransaction":
                    await own.AbortTransactionAsync(ct).ConfigureAwait(false);
                    return null;
                case "endSession":
                    if (own.InTransaction)
                    {
                        await own.AbortTransactionAsync(ct).ConfigureAwait(false);
                    }

                    own.Dispose();
                    return null;
                case "withTransaction":
                    var callback = arguments["callback"].AsBsonArray.Select(o => o.AsBsonDocument).ToList();
                    await MongoTransactions.WithTransactionAsync(own, async (_, _) =>
                    {
                        foreach (var step in callback)
                        {
                            await RunOperationAsync(step, inCallback: true).ConfigureAwait(false);
                        }

                        return true;
                    }, TransactionOptions(arguments), TimeProvider.System, ct).ConfigureAwait(false);
                    return null;
            }
        }

        if (_databases.TryGetValue(target, out var database) && name == "runCommand")
        {
            var command = arguments["command"].AsBsonDocument;
            return session is null
                ? await database.Client.Client.RunCommandAsync(database.Name, command, null, ct).ConfigureAwait(false)
                : await session.RunCommandAsync(database.Name, command, null, ct).ConfigureAwait(false);
        }

        var collection = _collections[target];
        var filter = arguments.GetValue("filter", new BsonDocument()).AsBsonDocument;
        switch (name)
        {
            case "insertOne":
                return new BsonDocument("insertedId", await collection.InsertOneAsync(arguments["document"].AsBsonDocument.DeepClone().AsBsonDocument, session, ct).ConfigureAwait(false));
            case "insertMany":
                var ids = await collection.InsertManyAsync([.. arguments["documents"].AsBsonArray.Select(d => d.DeepClone().AsBsonDocument)], session, ct,
                    arguments.GetValue("ordered", true).ToBoolean()).ConfigureAwait(false);
                return new BsonDocument("insertedIds", new BsonDocument(ids.Select((id, i) => new BsonElement(i.ToString(CultureInfo.InvariantCulture), id))));
            case "find":
                var findOptions = new MongoFindOptions(
                    arguments.GetValue("sort", BsonNull.Value) as BsonDocument, arguments.GetValue("projection", BsonNull.Value) as BsonDocument,
                    arguments.TryGetValue("limit", out var limit) ? limit.ToInt32() : null, arguments.TryGetValue("batchSize", out var findBatch) ? findBatch.ToInt32() : null);
                return new BsonArray(await collection.FindAsync(filter, findOptions, session, ct).ToListAsync(ct).ConfigureAwait(false));
            case "aggregate":
                return new BsonArray(await collection.AggregateAsync(arguments["pipeline"].AsBsonArray, session, ct,
                    arguments.TryGetValue("batchSize", out var batch) ? batch.ToInt32() : null,
                    arguments.TryGetValue("maxTimeMS", out var maxTime) ? TimeSpan.FromMilliseconds(maxTime.ToInt64()) : null).ToListAsync(ct).ConfigureAwait(false));
            case "countDocuments":
                return new BsonInt64(await collection.CountDocumentsAsync(filter, session, ct).ConfigureAwait(false));
            case "count":
                return new BsonInt64(await collection.CountAsync(filter, session, ct).ConfigureAwait(false));
            case "distinct":
                return new BsonArray(await collection.DistinctAsync(arguments["fieldName"].AsString, filter, session, ct).ConfigureAwait(false));
            case "updateOne" or "updateMany":
                var updated = await collection.UpdateAsync(filter, arguments["update"].AsBsonDocument, session, ct,
                    arguments.GetValue("upsert", false).ToBoolean(), multi: name == "updateMany").ConfigureAwait(false);
                var result = new BsonDocument { ["matchedCount"] = updated.Matched, ["modifiedCount"] = updated.Modified, ["upsertedCount"] = updated.UpsertedId is null ? 0 : 1 };
                if (updated.UpsertedId is { } upsertedId)
                {
                    result["upsertedId"] = upsertedId;
                }

                return result;
            case "deleteOne" or "deleteMany":
                return new BsonDocument("deletedCount", await collection.DeleteAsync(filter, session, ct, many: name == "deleteMany").ConfigureAwait(false));
            case "findOneAndDelete":
                return (BsonValue?)await collection.FindAndModifyAsync(filter, null, session, ct).ConfigureAwait(false) ?? BsonNull.Value;
            case "findOneAndReplace" or "findOneAndUpdate":
                var change = arguments[name == "findOneAndReplace" ? "replacement" : "update"].AsBsonDocument;
                return (BsonValue?)await collection.FindAndModifyAsync(filter, change, session, ct,
                    returnNew: arguments.GetValue("returnDocument", "Before").AsString == "After", upsert: arguments.GetValue("upsert", false).ToBoolean()).ConfigureAwait(false) ?? BsonNull.Value;
            default:
                throw new NotSupportedException($"{target}.{name}");
        }
    }

    private void CheckEvents(BsonDocument expectation)
    {
        var client = expectation["client"].AsString;
        var actual = _clients[client].StartedEvents();
        var expected = expectation["events"].AsBsonArray.Select(e => e["commandStartedEvent"].AsBsonDocument).ToList();
        var listing = string.Join(Environment.NewLine, actual.Select((e, i) => $"  [{i}] {e.Command}"));
        if (!expectation.GetValue("ignoreExtraEvents", false).ToBoolean())
        {
            Assert.True(expected.Count == actual.Count, $"{client}: expected {expected.Count} commands, it sent {actual.Count}:{Environment.NewLine}{listing}");
        }

        Assert.True(actual.Count >= expected.Count, $"{client}: expected at least {expected.Count} commands, it sent {actual.Count}:{Environment.NewLine}{listing}");
        for (var i = 0; i < expected.Count; i++)
        {
            var (name, databaseName, command) = actual[i];
            if (expected[i].TryGetValue("commandName", out var expectedName))
            {
                Assert.True(expectedName.AsString == name, $"{client} command [{i}]: expected {expectedName}, it sent {name}:{Environment.NewLine}{listing}");
            }

            if (expected[i].TryGetValue("databaseName", out var expectedDatabase))
            {
                Assert.True(expectedDatabase.AsString == databaseName, $"{client} command [{i}] {name}: expected database {expectedDatabase}, it used {databaseName}");
            }

            if (expected[i].TryGetValue("command", out var expectedCommand) && _matcher.Mismatch(expectedCommand, command, root: true) is { } mismatch)
            {
                Assert.Fail($"{client} command [{i}] {name}: {mismatch}{Environment.NewLine}expected {expectedCommand}{Environment.NewLine}sent     {command}");
            }
        }
    }

    private static MongoTransactionOptions TransactionOptions(BsonDocument arguments) => new(
        ReadConcernLevel(arguments), WriteConcern(arguments), arguments.TryGetValue("maxCommitTimeMS", out var max) ? TimeSpan.FromMilliseconds(max.ToInt64()) : null);

    private static string? ReadConcernLevel(BsonDocument options) =>
        options.TryGetValue("readConcern", out var readConcern) && readConcern.AsBsonDocument.TryGetValue("level", out var level) ? level.AsString : null;

    /// <summary>The unified format's write concern ({w, journal, wtimeoutMS}) as a command's ({w, j, wtimeout}).</summary>
    private static BsonDocument? WriteConcern(BsonDocument options)
    {
        if (!options.TryGetValue("writeConcern", out var given))
        {
            return null;
        }

        var concern = new BsonDocument();
        foreach (var element in given.AsBsonDocument)
        {
            concern[element.Name switch { "journal" => "j", "wtimeoutMS" => "wtimeout", var other => other }] = element.Value;
        }

        return concern;
    }
}
