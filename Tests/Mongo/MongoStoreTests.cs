using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Measurement;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Mongo.Wire;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using MongoDB.Bson;

using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Mongo;

/// <summary>The MongoDB store where no MongoDB is needed: its refusals, its document limits, its error classification.</summary>
public sealed class MongoStoreTests
{
    [Fact]
    public async Task without_a_uri_the_store_says_how_to_get_a_mongodb()
    {
        var error = await Assert.ThrowsAsync<StoreSetupException>(() => MongoStoreProvider.StartAsync(new MongoStoreConfiguration(), CancellationToken.None));

        Assert.Contains("MONGODB_URI", error.Message, StringComparison.Ordinal);
        Assert.Contains("docker/mongo-replica-set.yml", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task an_invalid_uri_is_a_setup_error_saying_what_is_wrong()
    {
        var error = await Assert.ThrowsAsync<StoreSetupException>(() => MongoStoreProvider.StartAsync(new MongoStoreConfiguration { Uri = "mongodb://localhost:99999" }, CancellationToken.None));

        Assert.Contains("port '99999'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task an_unreachable_uri_fails_naming_the_host()
    {
        var port = LoopbackPorts.Free();

        var error = await Assert.ThrowsAsync<StoreSetupException>(() => MongoStoreProvider.StartAsync(new MongoStoreConfiguration { Uri = $"mongodb://127.0.0.1:{port}" }, CancellationToken.None));

        Assert.Contains($"127.0.0.1:{port}", error.Message, StringComparison.Ordinal);
        Assert.Contains("MONGODB_URI", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_standalone_server_is_refused_with_what_to_do()
    {
        var hello = ScriptedMongoServer.PrimaryHello();
        hello.Remove("setName");
        await using var server = new ScriptedMongoServer(_ => hello);

        var error = await Assert.ThrowsAsync<StoreSetupException>(() => MongoStoreProvider.StartAsync(new MongoStoreConfiguration { Uri = $"mongodb://{server.Host}" }, CancellationToken.None));

        Assert.Contains("start mongod with --replSet rs0 and run rs.initiate()", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task the_harness_on_mongo_without_a_mongodb_fails_fast_and_writes_nothing()
    {
        var folder = Path.Combine(Path.GetTempPath(), $"commit-lab-mongo-{Guid.NewGuid():N}");
        var options = HarnessOptions.Parse(["--store", "mongo", "--out", folder], new PostgresStoreConfiguration(), new MongoStoreConfiguration());

        var error = await Assert.ThrowsAsync<StoreSetupException>(() => LabRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None));

        Assert.Contains("MONGODB_URI", error.Message, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder));
        Assert.False(Directory.Exists(folder + ".partial"));
    }

    [Fact]
    public void an_event_over_sixteen_mebibytes_is_rejected_before_anything_is_written()
    {
        var small = Event(0, "{}");
        var huge = Event(1, $$"""{"blob":"{{new string('x', 17 * 1024 * 1024)}}"}""");

        var error = Assert.Throws<ArgumentException>(() => MongoEventDocuments.ToDocuments([small, huge], 16 * 1024 * 1024));

        Assert.Contains("sequence number 1", error.Message, StringComparison.Ordinal);
        Assert.Contains("Nothing was written", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void events_become_documents_keyed_by_sequence_number_and_read_back_unchanged()
    {
        var e = new StoredEvent(42, "order-1", "Placed", "Order", 3, Guid.NewGuid(), ["a", "b"], """{"total":12.5}""");

        var document = Assert.Single(MongoEventDocuments.ToDocuments([e], 16 * 1024 * 1024));
        var back = MongoEventDocuments.ToEvent(document);

        Assert.Equal(new BsonInt64(42), document["_id"]);
        Assert.Equal(4, document["commitId"].AsBsonBinaryData.SubType switch { BsonBinarySubType.UuidStandard => 4, _ => 3 });
        Assert.Equal(e with { Payload = back.Payload, Tags = back.Tags }, back);
        Assert.Equal(["a", "b"], back.Tags);
        Assert.Equal(12.5, BsonDocument.Parse(back.Payload)["total"].AsDouble);
    }

    [Fact]
    public void large_inserts_are_split_to_fit_the_message_size()
    {
        var documents = MongoEventDocuments.ToDocuments([.. Enumerable.Range(0, 10).Select(i => Event(i, $$"""{"pad":"{{new string('x', 1000)}}"}"""))], 16 * 1024 * 1024);

        var batches = MongoStoreSession.Batches(documents, 3500).ToArray();

        Assert.Equal(10, batches.Sum(b => b.Length));
        Assert.All(batches, b => Assert.InRange(b.Length, 1, 3));
    }

    [Fact]
    public void errors_are_classified_from_codes_and_labels()
    {
        static MongoServerException Error(int code, params string[] labels) => new("x", code, null, "m", labels, []);

        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(Error(MongoServerException.WriteConflict)));
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(Error(MongoServerException.DuplicateKey)));
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(Error(251, MongoException.TransientTransactionError)));
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(Error(10107)));
        Assert.Equal(StoreErrorKind.OutcomeUnknown, MongoErrorClassifier.Classify(Error(50, MongoException.UnknownTransactionCommitResult)));
        Assert.Equal(StoreErrorKind.Fatal, MongoErrorClassifier.Classify(Error(13)));
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(new MongoConnectionException(new MongoHost(MongoHostType.Hostname, "db", null), "reset")));
    }

    private static StoredEvent Event(long sequenceNumber, string payload) => new(sequenceNumber, "s", "T", null, null, Guid.NewGuid(), [], payload);

}
