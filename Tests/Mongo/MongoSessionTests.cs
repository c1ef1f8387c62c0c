using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo;

/// <summary>
/// Sessions and transactions against a scripted server, asserting the command shapes the transactions
/// specification's tests expect (transactions/commit.json, read-concern.json, write-concern.json, and the convenient
/// API's retry cases).
/// </summary>
public sealed class MongoSessionTests
{
    private static readonly BsonTimestamp OperationTime = new(1_700_000_000, 1);

    [Fact]
    public async Task a_transactions_first_command_starts_it_and_commit_goes_to_admin_without_start()
    {
        await using var server = Server(_ => null);
        var session = await SessionAsync(server);

        session.StartTransaction();
        await InsertAsync(session, 1);
        await session.CommitTransactionAsync(CancellationToken.None);
        session.StartTransaction();
        await InsertAsync(session, 2);
        await session.CommitTransactionAsync(CancellationToken.None);

        var (insert1, commit1, insert2, commit2) = Commands(server) switch { var c => (c[0], c[1], c[2], c[3]) };
        Assert.Equal(session.Lsid, insert1.Body["lsid"]);
        Assert.Equal(new BsonInt64(1), insert1.Body["txnNumber"]);
        Assert.True(insert1.Body["startTransaction"].AsBoolean);
        Assert.False(insert1.Body["autocommit"].AsBoolean);
        Assert.False(insert1.Body.Contains("readConcern"));
        Assert.False(insert1.Body.Contains("writeConcern"));
        Assert.Equal(("commitTransaction", "admin"), (commit1.Body.GetElement(0).Name, commit1.Body["$db"].AsString));
        Assert.Equal(new BsonInt64(1), commit1.Body["txnNumber"]);
        Assert.False(commit1.Body.Contains("startTransaction"));
        Assert.False(commit1.Body["autocommit"].AsBoolean);
        Assert.False(commit1.Body.Contains("writeConcern"));
        Assert.Equal(new BsonInt64(2), insert2.Body["txnNumber"]);
        Assert.Equal(OperationTime, insert2.Body["readConcern"]["afterClusterTime"]);
        Assert.False(insert2.Body["readConcern"].AsBsonDocument.Contains("level"));
        Assert.Equal(new BsonInt64(2), commit2.Body["txnNumber"]);
    }

    [Fact]
    public async Task read_concern_goes_on_the_first_command_only_and_write_concern_on_commit_only()
    {
        await using var server = Server(_ => null);
        var session = await SessionAsync(server);

        session.StartTransaction(new MongoTransactionOptions("snapshot", MongoTransactionOptions.WriteConcernFor("majority")));
        await InsertAsync(session, 1);
        await InsertAsync(session, 2);
        await session.CommitTransactionAsync(CancellationToken.None);

        var commands = Commands(server);
        Assert.Equal("snapshot", commands[0].Body["readConcern"]["level"].AsString);
        Assert.False(commands[1].Body.Contains("readConcern"));
        Assert.False(commands[1].Body.Contains("startTransaction"));
        Assert.All(commands.Take(2), c => Assert.False(c.Body.Contains("writeConcern")));
        Assert.Equal("majority", commands[2].Body["writeConcern"]["w"].AsString);
    }

    [Fact]
    public async Task a_transaction_without_commands_commits_without_a_round_trip_and_abort_errors_are_ignored()
    {
        await using var server = Server(m => m.Body.Contains("abortTransaction") ? Error(251, "NoSuchTransaction") : null);
        var session = await SessionAsync(server);

        session.StartTransaction();
        await session.CommitTransactionAsync(CancellationToken.None);
        session.StartTransaction();
        await InsertAsync(session, 1);
        await session.AbortTransactionAsync(CancellationToken.None);

        Assert.Equal(["insert", "abortTransaction"], Commands(server).Select(c => c.Body.GetElement(0).Name));
        Assert.Equal(MongoTransactionState.Aborted, session.State);
    }

    [Fact]
    public async Task with_transaction_runs_the_whole_transaction_again_after_a_transient_transaction_error()
    {
        var failures = 1;
        await using var server = Server(m => m.Body.Contains("insert") && failures-- > 0 ? Error(112, "WriteConflict", MongoException.TransientTransactionError) : null);
        var session = await SessionAsync(server);

        var result = await MongoTransactions.WithTransactionAsync(session, async (s, ct) => (await InsertAsync(s, 1))["n"].AsInt32, null, TimeProvider.System, CancellationToken.None);

        Assert.Equal(1, result);
        Assert.Equal(["insert", "abortTransaction", "insert", "commitTransaction"], Commands(server).Select(c => c.Body.GetElement(0).Name));
        Assert.Equal(new BsonInt64(2), Commands(server)[2].Body["txnNumber"]);
    }

    [Fact]
    public async Task with_transaction_retries_an_unknown_commit_result_with_majority_write_concern()
    {
        var failures = 1;
        await using var server = Server(m => m.Body.Contains("commitTransaction") && failures-- > 0
            ? Error(91, "ShutdownInProgress", MongoException.UnknownTransactionCommitResult)
            : null);
        var session = await SessionAsync(server);

        await MongoTransactions.WithTransactionAsync(session, (s, ct) => InsertAsync(s, 1), null, TimeProvider.System, CancellationToken.None);

        var commits = Commands(server).Where(c => c.Body.Contains("commitTransaction")).ToArray();
        Assert.Equal(2, commits.Length);
        Assert.False(commits[0].Body.Contains("writeConcern"));
        Assert.Equal(("majority", 10_000), (commits[1].Body["writeConcern"]["w"].AsString, commits[1].Body["writeConcern"]["wtimeout"].AsInt32));
        Assert.Equal(commits[0].Body["txnNumber"], commits[1].Body["txnNumber"]);
    }

    [Fact]
    public async Task with_transaction_gives_up_once_its_time_limit_has_passed()
    {
        await using var server = Server(m => m.Body.Contains("insert") ? Error(112, "WriteConflict", MongoException.TransientTransactionError) : null);
        var session = await SessionAsync(server);
        var time = new SteppingTimeProvider(TimeSpan.FromSeconds(50));

        var error = await Assert.ThrowsAsync<MongoServerException>(() =>
            MongoTransactions.WithTransactionAsync(session, (s, ct) => InsertAsync(s, 1), null, time, CancellationToken.None));

        Assert.Equal(112, error.Code);
        Assert.Equal(3, Commands(server).Count(c => c.Body.Contains("insert")));
    }

    private static ScriptedMongoServer Server(Func<OpMsg, BsonDocument?> failures) => new(m =>
        m.Body.Contains("hello") ? ScriptedMongoServer.PrimaryHello()
        : failures(m) ?? new BsonDocument { ["n"] = 1, ["operationTime"] = OperationTime, ["ok"] = 1.0 });

    private static BsonDocument Error(int code, string codeName, params string[] labels) => new()
    {
        ["ok"] = 0.0,
        ["code"] = code,
        ["codeName"] = codeName,
        ["errmsg"] = codeName,
        ["errorLabels"] = new BsonArray(labels),
    };

    private static async Task<MongoSession> SessionAsync(ScriptedMongoServer server) =>
        new(await MongoConnection.OpenAsync(server.Host, new MongoConnectionSettings(), CancellationToken.None));

    private static Task<BsonDocument> InsertAsync(MongoSession session, int id) =>
        session.RunCommandAsync("transaction-tests", new BsonDocument { ["insert"] = "test", ["ordered"] = true },
            [new DocumentSequence("documents", [new BsonDocument("_id", id)])], CancellationToken.None);

    private static OpMsg[] Commands(ScriptedMongoServer server) => [.. server.Received.Where(m => !m.Body.Contains("hello"))];

    /// <summary>Time that moves on by a fixed step whenever it is read, so a time limit is reached without waiting.</summary>
    private sealed class SteppingTimeProvider(TimeSpan step) : TimeProvider
    {
        private long _ticks;

        public override long TimestampFrequency => TimeSpan.TicksPerSecond;

        public override long GetTimestamp() => Interlocked.Add(ref _ticks, step.Ticks);
    }
}
