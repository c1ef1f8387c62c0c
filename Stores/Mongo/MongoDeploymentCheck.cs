using EventCommitLab.Contract.Port;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// Before a run, the semantics every strategy relies on, tried on the server itself: it is a replica-set primary (or a
/// sharded cluster's router), it refuses a duplicate key, and of two transactions writing one document concurrently
/// exactly one commits while the other is aborted with a write conflict. A server that speaks MongoDB's protocol but
/// fails one of these (an emulator that lets two transactions overwrite each other) would give figures and guarantees
/// that look like MongoDB's and are not, so it is refused.
/// </summary>
public static class MongoDeploymentCheck
{
    /// <summary>
    /// The wire version of MongoDB 5.0, the first to read at a chosen point in time outside a transaction, as the
    /// verifier reads the log back (<see cref="MongoEventStore.ReadSnapshotAsync{TEvent}"/>).
    /// </summary>
    public const int SnapshotReadsWireVersion = 13;

    /// <summary>Why the server that answered <paramref name="hello"/> cannot run the lab's transactions and reads; null when it can.</summary>
    public static string? JudgeHello(BsonDocument hello, string hosts)
    {
        ArgumentNullException.ThrowIfNull(hello);
        if (hello.GetValue("maxWireVersion", 0).ToInt32() is var wire and < SnapshotReadsWireVersion)
        {
            return $"the MongoDB at {hosts} is older than 5.0 (wire version {wire}, where 5.0 is {SnapshotReadsWireVersion}): the lab reads the log back at one " +
                   "point in time with snapshot reads, which came with 5.0; point it at MongoDB 5.0 or later (docker/mongo-replica-set.yml runs 7.0)";
        }

        if (hello.GetValue("msg", BsonNull.Value) == "isdbgrid")
        {
            return null;
        }

        if (!hello.Contains("setName"))
        {
            return $"the MongoDB at {hosts} is a standalone server, which runs no transactions: start mongod with --replSet rs0 and run rs.initiate() " +
                   "(docker/mongo-replica-set.yml does both), or point the lab at a replica set or Atlas cluster";
        }

        var primary = hello.GetValue("isWritablePrimary", hello.GetValue("ismaster", false)).ToBoolean();
        return primary ? null : $"the MongoDB at {hosts} answered as a replica-set member that is not the primary; point the lab at the whole set (?replicaSet={hello["setName"]})";
    }

    /// <summary>Why the outcome of two concurrent transactions incrementing one counter is not MongoDB's; null when it is.</summary>
    /// <param name="first">The transaction that wrote first and committed first.</param>
    /// <param name="second">The transaction that wrote the same document while the first was open, then tried to commit.</param>
    /// <param name="counter">The counter's value read after both ended (it started at 0, each added 1).</param>
    public static string? JudgeConcurrentTransactions(MongoTransactionOutcome first, MongoTransactionOutcome second, long counter) =>
        (first, second, counter) switch
        {
            (MongoTransactionOutcome.Committed, MongoTransactionOutcome.WriteConflict, 1) => null,
            (MongoTransactionOutcome.Committed, MongoTransactionOutcome.Committed, _) =>
                $"this server let two transactions that wrote one document concurrently both commit (the counter ended at {counter} after two committed increments; MongoDB aborts the second with a write conflict): " +
                "it lets transactions overwrite each other, so its figures would not be MongoDB's",
            _ => $"two transactions writing one document concurrently ended {first} and {second} with the counter at {counter}; " +
                 "MongoDB commits the first and aborts the second with a write conflict (112), so its figures would not be MongoDB's",
        };

    /// <summary>How many times the checks are tried when an error says the set was busy (an election, a write conflict on the check's own writes).</summary>
    public const int Attempts = 3;

    /// <summary>
    /// The duplicate-key and concurrent-transaction checks, each try in a scratch database dropped afterwards; the
    /// failures found, empty when none. A transient error (classified as the commits' are) tries again, so that a set in
    /// an election is not refused as not being MongoDB.
    /// </summary>
    public static async Task<IReadOnlyList<string>> RunAsync(IMongoClient client, WriteConcern writeConcern, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                return await RunOnceAsync(client, writeConcern, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (attempt < Attempts && MongoErrorClassifier.Classify(e) == StoreErrorKind.Transient)
            {
                await Task.Delay(TimeSpan.FromSeconds(attempt), cancellationToken).ConfigureAwait(false);
            }
        }
    }

    private static async Task<IReadOnlyList<string>> RunOnceAsync(IMongoClient client, WriteConcern writeConcern, CancellationToken cancellationToken)
    {
        var name = $"commit_lab_check_{Guid.NewGuid():N}";
        var database = MongoDatabases.Open(client, name, writeConcern);
        var failures = new List<string>();
        try
        {
            // The first insert creates the collection, outside any transaction (MongoDB before 4.4 cannot create one in a transaction).
            var documents = database.GetCollection<BsonDocument>("check");
            await documents.InsertOneAsync(new BsonDocument { ["_id"] = "counter", ["n"] = 0L }, cancellationToken: cancellationToken).ConfigureAwait(false);
            if (await RefusesDuplicateKeyAsync(documents, cancellationToken).ConfigureAwait(false) is { } duplicate)
            {
                failures.Add(duplicate);
            }

            var (first, second) = await ConcurrentIncrementsAsync(client, documents, writeConcern, cancellationToken).ConfigureAwait(false);
            var counter = (await documents.Find(new BsonDocument("_id", "counter")).FirstAsync(cancellationToken).ConfigureAwait(false))["n"].ToInt64();
            if (JudgeConcurrentTransactions(first, second, counter) is { } overwrite)
            {
                failures.Add(overwrite);
            }
        }
        finally
        {
            // Not in the way of what the checks found: a server that cannot drop a database is one more finding.
            try
            {
                await MongoDatabases.DropAsync(client, name, CancellationToken.None).ConfigureAwait(false);
            }
            catch (MongoCommandException e)
            {
                failures.Add($"it has no working dropDatabase (error {e.Code}), with which the lab removes every database it creates");
            }
            catch (TimeoutException e)
            {
                failures.Add($"it did not finish dropping the check's database ({e.Message}), as the lab must for every database it creates");
            }
        }

        return failures;
    }

    private static async Task<string?> RefusesDuplicateKeyAsync(IMongoCollection<BsonDocument> documents, CancellationToken cancellationToken)
    {
        try
        {
            await documents.InsertOneAsync(new BsonDocument { ["_id"] = "counter", ["n"] = 0L }, cancellationToken: cancellationToken).ConfigureAwait(false);
            return "this server accepted a second document with an _id it already held: it does not refuse a duplicate key, which every strategy's numbering relies on";
        }
        catch (MongoException e) when (MongoErrorClassifier.FactsOf(e).DuplicateKey)
        {
            return null;
        }
    }

    private static async Task<(MongoTransactionOutcome First, MongoTransactionOutcome Second)> ConcurrentIncrementsAsync(
        IMongoClient client, IMongoCollection<BsonDocument> documents, WriteConcern writeConcern, CancellationToken cancellationToken)
    {
        var options = MongoTransactions.Options(writeConcern);
        var counter = new BsonDocument("_id", "counter");
        var increment = new BsonDocument("$inc", new BsonDocument("n", 1L));
        using var first = await client.StartSessionAsync(cancellationToken: cancellationToken).ConfigureAwait(false);
        using var second = await client.StartSessionAsync(cancellationToken: cancellationToken).ConfigureAwait(false);
        first.StartTransaction(options);
        second.StartTransaction(options);
        await documents.UpdateOneAsync(first, counter, increment, cancellationToken: cancellationToken).ConfigureAwait(false);
        var secondOutcome = await OutcomeAsync(() => documents.UpdateOneAsync(second, counter, increment, cancellationToken: cancellationToken)).ConfigureAwait(false);
        var firstOutcome = await OutcomeAsync(() => first.CommitTransactionAsync(cancellationToken)).ConfigureAwait(false);
        if (secondOutcome == MongoTransactionOutcome.Committed)
        {
            secondOutcome = await OutcomeAsync(() => second.CommitTransactionAsync(cancellationToken)).ConfigureAwait(false);
        }
        else if (second.IsInTransaction)
        {
            await second.AbortTransactionAsync(CancellationToken.None).ConfigureAwait(false);
        }

        return (firstOutcome, secondOutcome);
    }

    private static async Task<MongoTransactionOutcome> OutcomeAsync(Func<Task> operation)
    {
        try
        {
            await operation().ConfigureAwait(false);
            return MongoTransactionOutcome.Committed;
        }
        catch (MongoException e)
        {
            var facts = MongoErrorClassifier.FactsOf(e);
            return facts.Code == MongoErrorClassifier.WriteConflict || facts.Labels.Contains(MongoErrorClassifier.TransientTransactionError)
                ? MongoTransactionOutcome.WriteConflict
                : MongoTransactionOutcome.OtherError;
        }
    }
}
