using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Mongo;

/// <summary>Server selection, failover and pooling against two scripted replica-set members.</summary>
public sealed class MongoClientTests
{
    [Fact]
    public async Task the_primary_is_found_from_a_secondary_in_the_seed_list()
    {
        var primaryIs = "b";
        await using var pair = new MemberPair(() => primaryIs);

        await using var client = new MongoClient(MongoConnectionString.Parse($"mongodb://{pair.A.Host},{pair.B.Host}/?replicaSet=rs0"));
        var reply = await client.RunCommandAsync("lab", new BsonDocument("ping", 1), null, CancellationToken.None);

        Assert.Equal("b", reply["member"].AsString);
    }

    [Fact]
    public async Task after_not_writable_primary_the_next_command_goes_to_the_new_primary()
    {
        var primaryIs = "b";
        await using var pair = new MemberPair(() => primaryIs);
        await using var client = new MongoClient(MongoConnectionString.Parse($"mongodb://{pair.A.Host},{pair.B.Host}/?replicaSet=rs0"));
        await client.RunCommandAsync("lab", new BsonDocument("ping", 1), null, CancellationToken.None);

        primaryIs = "a";
        var failed = await Assert.ThrowsAsync<MongoServerException>(() => client.RunCommandAsync("lab", new BsonDocument("ping", 1), null, CancellationToken.None));
        var reply = await client.RunCommandAsync("lab", new BsonDocument("ping", 1), null, CancellationToken.None);

        Assert.Equal(10107, failed.Code);
        Assert.Equal("a", reply["member"].AsString);
    }

    [Fact]
    public async Task the_client_gossips_the_highest_cluster_time_it_has_seen_on_every_connection()
    {
        BsonDocument ClusterTime(int seconds) => new() { ["clusterTime"] = new BsonTimestamp(seconds, 1), ["signature"] = new BsonDocument("keyId", 0L) };
        var answers = new Queue<int>([100, 50]);
        await using var server = new ScriptedMongoServer(m =>
        {
            var reply = ScriptedMongoServer.PrimaryHello();
            if (m.Body.Contains("ping") && answers.TryDequeue(out var seconds))
            {
                reply["$clusterTime"] = ClusterTime(seconds);
            }

            return reply;
        });
        await using var client = new MongoClient(MongoConnectionString.Parse($"mongodb://{server.Host}/"));

        await client.RunCommandAsync("lab", new BsonDocument("ping", 1), null, CancellationToken.None);
        await using (var pinned = await client.CheckOutAsync(CancellationToken.None))
        await using (var other = await client.CheckOutAsync(CancellationToken.None))
        {
            await other.RunCommandAsync("lab", new BsonDocument("ping", 1), null, CancellationToken.None);
            await pinned.RunCommandAsync("lab", new BsonDocument("find", "x"), null, CancellationToken.None);
        }

        var sent = server.Received.Where(m => !m.Body.Contains("hello")).Select(m => m.Body).ToArray();
        Assert.All(server.Received.Where(m => m.Body.Contains("hello")), hello => Assert.False(hello.Body.Contains("$clusterTime")));
        Assert.False(sent[0].Contains("$clusterTime"));
        Assert.Equal(ClusterTime(100), sent[1]["$clusterTime"]);
        Assert.Equal(ClusterTime(100), sent[2]["$clusterTime"]);
    }

    [Fact]
    public async Task the_pool_lends_at_most_max_pool_size_connections()
    {
        await using var server = new ScriptedMongoServer(_ => ScriptedMongoServer.PrimaryHello());
        await using var client = new MongoClient(MongoConnectionString.Parse($"mongodb://{server.Host}/?maxPoolSize=2"));

        var first = await client.CheckOutAsync(CancellationToken.None);
        await using var second = await client.CheckOutAsync(CancellationToken.None);
        var third = client.CheckOutAsync(CancellationToken.None);
        var waitedForRoom = !third.IsCompleted;
        await first.DisposeAsync();
        await using var lent = await third;

        Assert.True(waitedForRoom);
        Assert.Equal(2, server.Received.Count(m => m.Body.Contains("hello")));
    }

    [Fact]
    public async Task no_reachable_server_is_a_connection_error_naming_the_hosts()
    {
        var (one, two) = (LoopbackPorts.Free(), LoopbackPorts.Free());
        await using var client = new MongoClient(MongoConnectionString.Parse($"mongodb://127.0.0.1:{one},127.0.0.1:{two}/?replicaSet=rs0&serverSelectionTimeoutMS=1000"));

        var error = await Assert.ThrowsAsync<MongoConnectionException>(() => client.CheckOutAsync(CancellationToken.None));

        Assert.Contains($"127.0.0.1:{one}, 127.0.0.1:{two}", error.Message, StringComparison.Ordinal);
        Assert.Contains("no primary", error.Message, StringComparison.Ordinal);
    }


    /// <summary>Two members, "a" and "b"; which one is primary is read at each request.</summary>
    private sealed class MemberPair : IAsyncDisposable
    {
        public MemberPair(Func<string> primary)
        {
            A = new ScriptedMongoServer(m => Answer("a", primary(), m));
            B = new ScriptedMongoServer(m => Answer("b", primary(), m));
        }

        public ScriptedMongoServer A { get; }

        public ScriptedMongoServer B { get; }

        public async ValueTask DisposeAsync()
        {
            await A.DisposeAsync();
            await B.DisposeAsync();
        }

        private BsonDocument Answer(string me, string primary, OpMsg request)
        {
            if (request.Body.Contains("hello"))
            {
                var hello = ScriptedMongoServer.PrimaryHello();
                hello["isWritablePrimary"] = me == primary;
                hello["primary"] = (primary == "a" ? A : B).Host.ToString();
                return hello;
            }

            return me == primary
                ? new BsonDocument { ["member"] = me, ["ok"] = 1.0 }
                : new BsonDocument { ["ok"] = 0.0, ["code"] = 10107, ["codeName"] = "NotWritablePrimary", ["errmsg"] = "not primary" };
        }
    }
}
