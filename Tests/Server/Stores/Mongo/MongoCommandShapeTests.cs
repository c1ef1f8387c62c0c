using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Stores.Mongo;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// What the MongoDB store sends for a commit, read from the driver's command events on the emulator (which proves
/// shapes only; it has no MongoDB semantics). Every strategy of the catalog, plain and aggregate commits: the commands
/// and their order (so a change that adds a round trip fails), read concern on a transaction's first statement only,
/// write concern on its commit only, with a bound on how long either waits. Skipped, with the reason, where the
/// emulator is not installed (.ci/run installs it).
/// </summary>
public sealed class MongoCommandShapeTests
{
    public static TheoryData<string, string> Cases
    {
        get
        {
            var cases = new TheoryData<string, string>();
            foreach (var strategy in StrategyCatalog.Names)
            {
                cases.Add(strategy, "plain");
                cases.Add(strategy, "aggregate");
            }

            return cases;
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task a_commit_sends_the_commands_its_strategy_is_known_for_and_transactions_read_and_wait_as_the_store_says(string strategy, string method)
    {
        await using var emulated = await StartEmulatedAsync("majority");
        var registration = StrategyCatalog.Get(strategy);
        if (registration.UnavailableOn(emulated.Store) is { } unavailable)
        {
            Assert.Skip($"{strategy} is not available on MongoDB: {unavailable}");
        }
        await using var run = new StrategyRun(emulated.Store, registration, new CommitStrategyOptions());
        var aggregate = new AggregateKey("shapes", "Order");

        // The first commit warms the strategy (its counter, its pipeline); the second is the one whose shape is read.
        _ = method == "plain" ? await run.CommitAsync(3) : await run.CommitAsync(aggregate, 0, 3);
        _ = emulated.TakeSent();
        var commitsBefore = emulated.Commits.Sent;
        var outcome = method == "plain" ? await run.CommitAsync(3) : await run.CommitAsync(aggregate, 3, 3);
        var sent = emulated.TakeSent();

        var shape = string.Join(" ", sent.Select(c => c.GetElement(0).Name));
        TestContext.Current.TestOutputHelper?.WriteLine(shape);
        Assert.Null(outcome.Failure);
        // The store's stated shapes (MongoCommitShapes, which the pages and docs/strategies.md are written from) are the ones sent.
        if (MongoCommitShapes.All.For(strategy) is { } known)
        {
            Assert.Equal(string.Join(" ", method == "plain" ? known.Plain : known.Aggregate), shape);
            Assert.Equal(known.DurabilityWaits, sent.Count(c => c.Contains("writeConcern") && !(c["writeConcern"].AsBsonDocument.GetValue("w", "majority") is { IsInt32: true, AsInt32: 1 })));
        }

        AssertTransactionsReadAndWaitAsTheStoreSays(sent);
        AssertWritesOnTheirOwnWaitAsTheStoreSays(sent);

        // Every commit answered at once: the driver sent no commit the store did not ask for, and the count saw each.
        Assert.Equal(emulated.Commits.Asked, emulated.Commits.Sent);
        Assert.Equal(sent.Count(c => c.GetElement(0).Name == "commitTransaction"), emulated.Commits.Sent - commitsBefore);
    }

    [Theory]
    [InlineData("SingleEventNoTransaction", "insert")]
    [InlineData("ServerSequence", "findAndModify insert")]
    public async Task a_single_event_goes_without_a_transaction_its_insert_ordered_and_waiting_for_the_cells_concern(string strategy, string expected)
    {
        await using var emulated = await StartEmulatedAsync("journaled");
        await using var run = new StrategyRun(emulated.Store, StrategyCatalog.Get(strategy), new CommitStrategyOptions());
        _ = await run.CommitAsync(1);
        _ = emulated.TakeSent();

        Assert.Null((await run.CommitAsync(1)).Failure);
        var sent = emulated.TakeSent();

        Assert.Equal(expected, string.Join(" ", sent.Select(c => c.GetElement(0).Name)));
        Assert.All(sent, c => Assert.False(c.Contains("txnNumber") || c.Contains("autocommit"), $"{c.GetElement(0).Name} in a transaction"));
        var insert = Assert.Single(sent, c => c.GetElement(0).Name == "insert");
        Assert.True(insert["ordered"].ToBoolean());
        Assert.True(insert["writeConcern"]["j"].ToBoolean(), "the event's insert does not wait for the journal");
    }

    [Fact]
    public async Task an_aggregate_commit_on_a_new_aggregate_upserts_its_version_document_setting_the_version_only_on_insert()
    {
        await using var emulated = await StartEmulatedAsync("majority");
        await using var run = new StrategyRun(emulated.Store, StrategyCatalog.Get("InsertMany"), new CommitStrategyOptions());
        _ = await run.CommitAsync(new AggregateKey("warm", "Order"), 0, 3);
        _ = emulated.TakeSent();

        Assert.Null((await run.CommitAsync(new AggregateKey("new", "Order"), 0, 3)).Failure);
        var sent = emulated.TakeSent();

        var update = Assert.Single(sent, c => c.GetElement(0).Name == "update")["updates"].AsBsonArray.Single().AsBsonDocument;
        TestContext.Current.TestOutputHelper?.WriteLine(update.ToJson());
        Assert.True(update.GetValue("upsert", false).ToBoolean(), "a new aggregate's version document is not upserted");
        // A rival that made the document first leaves it as it was, and the commit reads as a mismatch, not a write.
        Assert.Equal(["_id"], update["q"].AsBsonDocument.Names);
        Assert.Equal(["$setOnInsert"], update["u"].AsBsonDocument.Names);
        Assert.True(Assert.Single(sent, c => c.GetElement(0).Name == "insert")["ordered"].ToBoolean());
    }

    [Fact]
    public async Task a_batch_of_several_commits_is_one_transaction_of_as_many_round_trips_as_a_batch_of_one()
    {
        await using var emulated = await StartEmulatedAsync("majority");
        var events = new SampleEvents();
        _ = emulated.TakeSent();

        var answers = await emulated.Store.WriteBatchAsync([.. Enumerable.Range(0, 3).Select(_ => CommitRequest.ForEvents(events.Create(3)))], CancellationToken.None);
        var sent = emulated.TakeSent();

        Assert.Equal(3, answers.Count);
        Assert.Equal("findAndModify insert commitTransaction", string.Join(" ", sent.Select(c => c.GetElement(0).Name)));
        var numbers = Assert.Single(sent, c => c.GetElement(0).Name == "insert")["documents"].AsBsonArray.Select(d => d["_id"].ToInt64()).ToArray();
        // One reservation numbers all three commits, in their order, with no gap between them.
        Assert.Equal([.. Enumerable.Range(0, 9).Select(n => numbers[0] + n)], numbers);
        AssertTransactionsReadAndWaitAsTheStoreSays(sent);
    }

    [Fact]
    public async Task the_pipeline_cuts_its_transactions_at_a_thousand_events_on_the_wire()
    {
        await using var emulated = await StartEmulatedAsync("majority");
        await using var run = new StrategyRun(emulated.Store, StrategyCatalog.Get("BatchingPipeline"), new CommitStrategyOptions());
        _ = await run.CommitAsync(1);
        _ = emulated.TakeSent();

        // Four commits of 400 events together: no transaction may take more than two of them.
        var outcomes = await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => run.CommitAsync(400)));
        var sent = emulated.TakeSent();

        Assert.All(outcomes, o => Assert.Null(o.Failure));
        var transactions = sent.Where(c => c.Contains("txnNumber")).GroupBy(c => (c["lsid"].ToJson(), c["txnNumber"].ToInt64()))
            .Select(t => t.Where(c => c.GetElement(0).Name == "insert").Sum(c => c["documents"].AsBsonArray.Count)).ToArray();
        Assert.True(transactions.Length >= 2, $"{transactions.Length} transaction(s)");
        Assert.All(transactions, inserted => Assert.InRange(inserted, 400, 1_000));
        Assert.Equal(1_600, transactions.Sum());
    }

    [Fact]
    public async Task a_batch_larger_than_one_message_is_split_into_inserts_of_one_transaction()
    {
        await using var emulated = await StartEmulatedAsync("majority");
        _ = emulated.TakeSent();

        // About 60 MB of events: more than the 48 MB a message may carry, so the driver sends the insert in parts.
        var request = CommitRequest.ForEvents(new SampleEvents(60_000).Create(1_000));
        _ = await emulated.Store.WriteBatchAsync([request], CancellationToken.None);
        var sent = emulated.TakeSent();

        var inserts = sent.Where(c => c.GetElement(0).Name == "insert").ToArray();
        Assert.True(inserts.Length >= 2, $"one insert of {inserts.Length} command(s)");
        Assert.Equal(1_000, inserts.Sum(i => i.GetValue("documents", new BsonArray()).AsBsonArray.Count));
        Assert.Single(sent.Where(c => c.Contains("txnNumber")).Select(c => c["txnNumber"].ToInt64()).Distinct());
        AssertTransactionsReadAndWaitAsTheStoreSays(sent);
    }

    [Fact]
    public async Task a_lost_commits_lookup_writes_a_majority_barrier_then_reads_at_majority_after_it()
    {
        await using var emulated = await StartEmulatedAsync("w1");
        _ = emulated.TakeSent();

        _ = await emulated.Store.FindCommitsAsync([Guid.NewGuid()], CancellationToken.None);
        var sent = emulated.TakeSent();

        Assert.Equal("update find", string.Join(" ", sent.Select(c => c.GetElement(0).Name)));
        Assert.Equal("majority", sent[0]["writeConcern"]["w"].AsString);
        Assert.Equal(30_000, sent[0]["writeConcern"]["wtimeout"].ToInt32());
        Assert.Equal("majority", sent[1]["readConcern"]["level"].AsString);
        Assert.Equal(sent[0]["lsid"], sent[1]["lsid"]);
    }

    [Fact]
    public async Task a_snapshot_read_first_writes_a_majority_barrier_and_needs_its_cluster_time()
    {
        await using var emulated = await StartEmulatedAsync("w1");
        _ = emulated.TakeSent();

        // The emulator answers without a cluster time, as no replica-set member does: the read refuses, saying so.
        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => emulated.Store.ReadSnapshotAsync(CancellationToken.None));
        var sent = emulated.TakeSent();

        Assert.Contains("without an operation time", error.Message, StringComparison.Ordinal);
        var barrier = Assert.Single(sent);
        Assert.Equal("update", barrier.GetElement(0).Name);
        Assert.Equal("majority", barrier["writeConcern"]["w"].AsString);
    }

    [Fact]
    public async Task a_snapshot_read_takes_the_log_the_aggregates_and_the_counter_at_one_cluster_time_in_no_transaction_on_the_primary()
    {
        await using var emulated = await StartEmulatedAsync("w1");
        _ = await emulated.Store.WriteBatchAsync([CommitRequest.ForEvents(new SampleEvents().Create(3))], CancellationToken.None);
        _ = emulated.TakeSent();
        var point = new BsonTimestamp(1_800_000_000, 7);

        var snapshot = await emulated.Store.ReadSnapshotAtAsync(point, e => e, CancellationToken.None);
        var sent = emulated.TakeSent();

        Assert.Equal((3, 3L), (snapshot.Events.Count, snapshot.CounterNext!.Value));
        Assert.Equal("find find find", string.Join(" ", sent.Select(c => c.GetElement(0).Name)));
        Assert.All(sent, c => Assert.Equal(new BsonDocument { ["level"] = "snapshot", ["atClusterTime"] = point }, c["readConcern"].AsBsonDocument));
        Assert.All(sent, c => Assert.False(c.Contains("txnNumber") || c.Contains("autocommit"), $"{c.GetElement(0).Name} in a transaction"));
        Assert.All(sent, c => Assert.Equal("primary", c.GetValue("$readPreference", new BsonDocument("mode", "primary"))["mode"].AsString));
    }

    [Theory]
    [InlineData("majority")]
    [InlineData("journaled")]
    public async Task the_ceilings_raw_write_waits_for_its_write_concern_once_per_commit(string writeConcern)
    {
        await using var emulated = await StartEmulatedAsync(writeConcern);
        var commit = Guid.NewGuid();
        StoredEvent[] events = [.. Enumerable.Range(1, 3).Select(n => new StoredEvent(n, "order-1", "Placed", "Order", n, commit, [], "{}"))];
        _ = emulated.TakeSent();

        await emulated.Store.WriteRawAsync(events, [new AggregateVersionRecord(new AggregateKey("order-1", "Order"), 3)], CancellationToken.None);
        var aggregate = emulated.TakeSent();
        await emulated.Store.WriteRawAsync([.. events.Select(e => e with { SequenceNumber = e.SequenceNumber + 3 })], [], CancellationToken.None);
        var plain = emulated.TakeSent();

        // An aggregate commit: the insert is carried by the upserts after it, which alone wait for the cell's concern.
        Assert.Equal("insert update", string.Join(" ", aggregate.Select(c => c.GetElement(0).Name)));
        Assert.Equal((1, false), (aggregate[0]["writeConcern"]["w"].ToInt32(), aggregate[0]["writeConcern"].AsBsonDocument.GetValue("j", false).ToBoolean()));
        AssertWaitsFor(writeConcern, aggregate[1]);
        // A plain commit: its one insert waits.
        AssertWaitsFor(writeConcern, Assert.Single(plain));
    }

    private static void AssertWaitsFor(string writeConcern, BsonDocument write)
    {
        var concern = write["writeConcern"].AsBsonDocument;
        if (writeConcern == "majority")
        {
            Assert.Equal("majority", concern["w"].AsString);
        }
        else
        {
            Assert.True(concern["j"].ToBoolean(), $"{write.GetElement(0).Name} does not wait for the journal");
        }
    }

    private static void AssertWritesOnTheirOwnWaitAsTheStoreSays(IReadOnlyList<BsonDocument> sent)
    {
        foreach (var write in sent.Where(c => !c.Contains("autocommit") && c.GetElement(0).Name is "insert" or "update" or "findAndModify" or "delete"))
        {
            if (IsServerSequenceReservation(write))
            {
                // Numbers taken as nextval takes them: the commit that uses them waits for the set, and carries this write.
                Assert.Equal(1, write["writeConcern"]["w"].ToInt32());
                Assert.False(write["writeConcern"].AsBsonDocument.Contains("wtimeout"));
                continue;
            }

            Assert.Equal("majority", write["writeConcern"]["w"].AsString);
            Assert.Equal(30_000, write["writeConcern"]["wtimeout"].ToInt32());
        }
    }

    private static bool IsServerSequenceReservation(BsonDocument command) =>
        command.GetElement(0) is { Name: "findAndModify" } first && first.Value == MongoEventDocuments.Counters
        && command.GetValue("query", new BsonDocument())["_id"] == MongoEventDocuments.ServerSequenceId;

    [Fact]
    public async Task the_server_sequence_takes_its_numbers_acknowledged_by_the_primary_alone_while_its_commit_waits_for_the_majority()
    {
        await using var emulated = await StartEmulatedAsync("majority");
        await using var run = new StrategyRun(emulated.Store, StrategyCatalog.Get("ServerSequence"), new CommitStrategyOptions());
        _ = await run.CommitAsync(3);
        _ = emulated.TakeSent();

        Assert.Null((await run.CommitAsync(3)).Failure);
        var sent = emulated.TakeSent();

        var reservation = Assert.Single(sent, IsServerSequenceReservation);
        Assert.Equal(1, reservation["writeConcern"]["w"].ToInt32());
        Assert.Equal("majority", Assert.Single(sent, c => c.GetElement(0).Name == "commitTransaction")["writeConcern"]["w"].AsString);
    }

    /// <summary>The store on the emulator; the test is skipped, with the reason, where the emulator is not installed.</summary>
    private static Task<EmulatedMongoStore> StartEmulatedAsync(string writeConcern)
    {
        if (MongoEmulator.SkipReason() is { } reason)
        {
            Assert.Skip(reason);
        }

        return EmulatedMongoStore.StartAsync(writeConcern);
    }

    private static void AssertTransactionsReadAndWaitAsTheStoreSays(IReadOnlyList<BsonDocument> sent)
    {
        // The specification's rules first (a test holds them to its documents), then the store's own choices.
        Assert.Empty(TransactionCommandRules.Check(sent));
        foreach (var statements in TransactionCommandRules.Transactions(sent))
        {
            Assert.Equal("local", statements[0]["readConcern"]["level"].AsString);
            var commit = Assert.Single(statements, s => s.GetElement(0).Name == "commitTransaction");
            Assert.Same(statements[^1], commit);
            Assert.Equal("majority", commit["writeConcern"]["w"].AsString);
            Assert.Equal(30_000, commit["writeConcern"]["wtimeout"].ToInt32());
            Assert.Equal(30_000, commit["maxTimeMS"].ToInt32());
        }
    }
}
