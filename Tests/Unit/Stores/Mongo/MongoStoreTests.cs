using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>The MongoDB store where no MongoDB is needed: its refusals of bad URIs and absent servers, and its document limits.</summary>
public sealed class MongoStoreTests
{
    [Fact]
    public void without_a_uri_or_a_docker_engine_the_reason_names_both_ways_to_a_mongodb()
    {
        var reason = MongoStoreProvider.UnavailableBecause(new MongoStoreConfiguration(), "no Docker engine answers here (DOCKER_HOST, or the local socket)");

        Assert.Contains("MONGODB_URI is not set (nor --mongo-uri)", reason, StringComparison.Ordinal);
        Assert.Contains("no Docker engine answers here", reason, StringComparison.Ordinal);
        Assert.Contains("docker/mongo-replica-set.yml", reason, StringComparison.Ordinal);
        Assert.Null(MongoStoreProvider.UnavailableBecause(new MongoStoreConfiguration(), dockerUnavailable: null));
        Assert.Null(MongoStoreProvider.UnavailableBecause(new MongoStoreConfiguration { Uri = "mongodb://db/?replicaSet=rs0" }, "no Docker engine answers here"));
    }

    [Fact]
    public async Task without_a_uri_the_store_says_how_to_get_a_mongodb()
    {
        SkipWhereDockerAnswers();
        var error = await Assert.ThrowsAsync<StoreSetupException>(() => MongoStoreProvider.StartAsync(new MongoStoreConfiguration(), CancellationToken.None));

        Assert.Contains("MONGODB_URI", error.Message, StringComparison.Ordinal);
        Assert.Contains("docker/mongo-replica-set.yml", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("mongodb://localhost:99999")]
    [InlineData("http://localhost:27017")]
    [InlineData("mongodb://")]
    [InlineData("mongodb://db/?replicaSet=rs0&w=sometimes&journal=perhaps")]
    public async Task an_invalid_uri_is_a_one_line_setup_error_naming_it(string uri)
    {
        var error = await Assert.ThrowsAsync<StoreSetupException>(() => MongoStoreProvider.StartAsync(new MongoStoreConfiguration { Uri = uri }, CancellationToken.None));

        Assert.Contains(uri, error.Message, StringComparison.Ordinal);
        Assert.Contains("not a MongoDB URI", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public async Task a_password_in_an_invalid_uri_is_not_repeated()
    {
        var error = await Assert.ThrowsAsync<StoreSetupException>(() =>
            MongoStoreProvider.StartAsync(new MongoStoreConfiguration { Uri = "mongodb://lab:s3cret@localhost:99999" }, CancellationToken.None));

        Assert.DoesNotContain("s3cret", error.Message, StringComparison.Ordinal);
        Assert.Contains("mongodb://lab:***@localhost:99999", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task an_unreachable_server_fails_after_the_server_selection_timeout_naming_the_host()
    {
        var port = LoopbackPorts.Free();
        var uri = $"mongodb://127.0.0.1:{port}";

        var error = await Assert.ThrowsAsync<StoreSetupException>(() => MongoStoreProvider.StartAsync(new MongoStoreConfiguration { Uri = uri }, CancellationToken.None));

        // What bounds the wait is the driver's selection timeout, the lab's and not the URI's (no elapsed time is asserted: tests hold no speed).
        var settings = MongoStoreProvider.ClientSettings(new MongoDB.Driver.MongoUrl(uri + "/?serverSelectionTimeoutMS=600000"), retryable: false, new MongoCommitCount());
        Assert.Equal(MongoStoreProvider.ServerSelectionTimeout, settings.ServerSelectionTimeout);
        Assert.Contains($"127.0.0.1:{port}", error.Message, StringComparison.Ordinal);
        Assert.Contains("MONGODB_URI", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public async Task the_harness_on_mongo_without_a_mongodb_fails_fast_and_writes_nothing()
    {
        SkipWhereDockerAnswers();
        var folder = Path.Combine(Path.GetTempPath(), $"commit-lab-mongo-{Guid.NewGuid():N}");
        var options = LabOptions.Parse(["--store", "mongo", "--out", folder], new PostgresStoreConfiguration(), new MongoStoreConfiguration());

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

        var error = Assert.Throws<ArgumentException>(() => MongoEventDocuments.ToDocuments([small, huge], MongoEventDocuments.MaxDocumentBytes));

        Assert.Contains("sequence number 1", error.Message, StringComparison.Ordinal);
        Assert.Contains("Nothing was written", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void events_become_documents_keyed_by_sequence_number_and_read_back_unchanged()
    {
        var e = new StoredEvent(42, "order-1", "Placed", "Order", 3, Guid.NewGuid(), ["a", "b"], """{"total":12.5}""");

        var document = Assert.Single(MongoEventDocuments.ToDocuments([e], MongoEventDocuments.MaxDocumentBytes));
        var back = MongoEventDocuments.ToEvent(document);

        Assert.Equal(new BsonInt64(42), document["_id"]);
        Assert.Equal(BsonBinarySubType.UuidStandard, document["commitId"].AsBsonBinaryData.SubType);
        Assert.Equal(e with { Payload = back.Payload, Tags = back.Tags }, back);
        Assert.Equal(["a", "b"], back.Tags);
        Assert.Equal(12.5, BsonDocument.Parse(back.Payload)["total"].AsDouble);
    }

    [Theory]
    [InlineData("w1", "{ \"w\" : 1, \"j\" : false }")]
    [InlineData("journaled", "{ \"w\" : 1, \"j\" : true }")]
    [InlineData("majority", "{ \"w\" : \"majority\", \"wtimeout\" : 30000, \"j\" : true }")]
    public void each_write_concern_name_is_the_write_concern_the_driver_sends(string name, string sent)
    {
        Assert.Equal(BsonDocument.Parse(sent), MongoWriteConcerns.For(name).ToBsonDocument());
    }

    [Fact]
    public void the_drivers_own_retries_are_off_whatever_the_uri_asks_so_every_retry_is_a_strategys()
    {
        var url = new MongoDB.Driver.MongoUrl("mongodb://db:27017/?replicaSet=rs0&retryWrites=true&retryReads=true&maxAdaptiveRetries=5");

        var settings = MongoStoreProvider.ClientSettings(url, retryable: false, new MongoCommitCount());

        Assert.Equal((false, false, 0), (settings.RetryWrites, settings.RetryReads, settings.MaxAdaptiveRetries));
        Assert.Equal("rs0", settings.ReplicaSetName);
    }

    private static StoredEvent Event(long sequenceNumber, string payload) => new(sequenceNumber, "s", "T", null, null, Guid.NewGuid(), [], payload);

    // Where a Docker engine answers, a store with no URI starts a replica set there instead of refusing: there is no
    // absence to refuse, and the run would be a real one (MongoServerTests hold that path).
    private static void SkipWhereDockerAnswers()
    {
        if (MongoDockerReplicaSet.UnavailableBecause() is null)
        {
            Assert.Skip("a Docker engine answers here, so a store with no MONGODB_URI starts a replica set in it rather than refuse");
        }
    }
}
