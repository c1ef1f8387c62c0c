using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo;

/// <summary>Server sessions are pooled as the sessions specification asks, so a benchmark does not open one per commit.</summary>
public sealed class MongoSessionPoolTests
{
    [Fact]
    public async Task a_new_session_reuses_the_last_ended_server_session_and_continues_its_transaction_numbers()
    {
        await using var server = new ScriptedMongoServer(_ => ScriptedMongoServer.PrimaryHello());
        await using var client = new MongoClient(MongoConnectionString.Parse($"mongodb://{server.Host}/"));

        BsonDocument firstLsid;
        using (var first = client.StartSession())
        {
            first.StartTransaction();
            await InsertAsync(first);
            await first.CommitTransactionAsync(CancellationToken.None);
            firstLsid = first.Lsid;
        }

        using var second = client.StartSession();
        second.StartTransaction();
        await InsertAsync(second);

        var inserts = server.Received.Where(m => m.Body.Contains("insert")).ToArray();
        Assert.Equal(firstLsid, second.Lsid);
        Assert.Equal([1L, 2L], inserts.Select(m => m.Body["txnNumber"].ToInt64()));
    }

    [Fact]
    public async Task a_server_session_that_saw_a_network_error_is_not_reused()
    {
        await using var server = new ScriptedMongoServer(m => m.Body.Contains("insert") ? ScriptedMongoServer.CloseConnection : ScriptedMongoServer.PrimaryHello());
        await using var client = new MongoClient(MongoConnectionString.Parse($"mongodb://{server.Host}/"));

        BsonDocument brokenLsid;
        using (var broken = client.StartSession())
        {
            broken.StartTransaction();
            var error = await Assert.ThrowsAsync<MongoNetworkException>(() => InsertAsync(broken));
            Assert.True(error.HasLabel(MongoException.TransientTransactionError));
            brokenLsid = broken.Lsid;
        }

        using var next = client.StartSession();
        Assert.NotEqual(brokenLsid, next.Lsid);
        Assert.Equal(0, client.Sessions.IdleCount);
    }

    [Fact]
    public void a_server_session_idle_until_a_minute_before_its_timeout_is_dropped_not_reused()
    {
        var time = new ManualTime();
        var pool = new MongoServerSessionPool(time, TimeSpan.FromMinutes(30));
        var session = pool.Acquire();
        pool.Release(session);

        time.Advance(TimeSpan.FromMinutes(29.5));

        Assert.NotSame(session, pool.Acquire());
    }

    [Fact]
    public async Task closing_the_client_ends_its_pooled_sessions_on_the_server()
    {
        await using var server = new ScriptedMongoServer(_ => ScriptedMongoServer.PrimaryHello());
        BsonDocument lsid;
        await using (var client = new MongoClient(MongoConnectionString.Parse($"mongodb://{server.Host}/")))
        {
            using var session = client.StartSession();
            await session.RunCommandAsync("lab", new BsonDocument("ping", 1), null, CancellationToken.None);
            lsid = session.Lsid;
        }

        var endSessions = Assert.Single(server.Received, m => m.Body.Contains("endSessions"));
        Assert.Equal(new BsonArray { lsid }, endSessions.Body["endSessions"]);
    }

    private static Task<BsonDocument> InsertAsync(MongoSession session) =>
        session.RunCommandAsync("lab", new BsonDocument { ["insert"] = "test", ["ordered"] = true }, [new DocumentSequence("documents", [new BsonDocument("_id", 1)])], CancellationToken.None);

    private sealed class ManualTime : TimeProvider
    {
        private long _ticks;

        public override long TimestampFrequency => TimeSpan.TicksPerSecond;

        public override long GetTimestamp() => _ticks;

        public void Advance(TimeSpan by) => _ticks += by.Ticks;
    }
}
