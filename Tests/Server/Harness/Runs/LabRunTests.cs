using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Reporting;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Engine;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Runs;

/// <summary>The harness for real: a private PostgreSQL, both loads, every file written.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class LabRunTests(LabStores stores) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-run-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public async Task a_tiny_real_run_of_both_loads_writes_the_summary_the_record_and_the_charts()
    {
        var folder = Path.Combine(_root, "run");

        var (exit, record) = await RunAsync(folder, "--strategies", "InsertMany", "--methods", "CommitEvents", "--events", "1", "--concurrency", "2");

        Assert.Equal(0, exit);
        Assert.NotNull(record);
        Assert.Equal(
            ["sustained Ceiling:InFlight", "sustained Ceiling:OneGroup", "sustained Ceiling:PerCommit", "sustained InsertMany",
             "waves Ceiling:InFlight", "waves Ceiling:OneGroup", "waves Ceiling:PerCommit", "waves InsertMany"],
            record.Cases.Select(c => $"{c.Cell.Load.ToString().ToLowerInvariant()} {c.Contender}").Order(StringComparer.Ordinal));
        Assert.All(record.Cases, c => Assert.True(c.Succeeded, c.Failure));
        Assert.All(record.Cases.Where(c => !c.IsCeiling), c => Assert.Equal((2, 1.0), (c.Race.Rounds, c.Race.QualifyingEventsPerSecond is > 0 ? 1.0 : 0)));
        Assert.Equal(2, record.Verdicts!.Count);
        Assert.All(record.Verdicts, v => Assert.Equal(("InsertMany", VerdictKind.Winner), (v.For(GuaranteeProfile.Unique.Id)!.Leader, v.For(GuaranteeProfile.Unique.Id)!.Kind)));
        Assert.All(record.Verdicts, v => Assert.Null(v.For(GuaranteeProfile.Ordered.Id)));
        var verdict = File.ReadAllText(Path.Combine(folder, VerdictWriter.FileName));
        Assert.Contains("## Your answer", verdict, StringComparison.Ordinal);
        Assert.Contains("| one writer process · unique numbers · plain commits | **InsertMany**: 2 of 2 rows<br>", verdict, StringComparison.Ordinal);
        Assert.Contains("| 1 x 2 | **InsertMany** wins; wrong with at most 5% chance |", File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName)), StringComparison.Ordinal);
        Assert.All(DecisionPlot.Sections(record), s => Assert.True(File.Exists(Path.Combine(folder, "charts", s.Name + ".svg")), s.Name));
        Assert.All(record.Cases.Where(c => !c.IsCeiling), c => Assert.Equal((VerificationKind.Verifier, true), (c.Verification.Checked, c.Verification.Passed)));
        Assert.All(record.Cases.Where(c => c.IsCeiling), c => Assert.Equal((VerificationKind.RowCount, true), (c.Verification.Checked, c.Verification.Passed)));
        Assert.Contains("| InsertMany | Ceiling:OneGroup | Ceiling:InFlight | Ceiling:PerCommit | Winner |", File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName)), StringComparison.Ordinal);
        Assert.All(record.Cases.Where(c => c.Cell.Load == LoadKind.Sustained && !c.IsCeiling), c => Assert.True(c.Readers.Naive is { Delivered: > 0, Polls: > 0 }, c.Contender));
        Assert.All(record.Cases.Where(c => c.Cell.Load == LoadKind.Sustained && !c.IsCeiling), c => Assert.True(c.Readers.HighWaterMark is { Delivered: > 0, Skipped: 0 }, c.Contender));
        Assert.All(record.Cases.Where(c => c.IsCeiling), c => Assert.Null(c.Readers.Naive));
        Assert.All(record.Cases, c => Assert.Null(c.Readers.Horizon));
        Assert.All(record.Cases.Where(c => c.Cell.Load == LoadKind.Waves), c => Assert.Null(c.Readers.Naive));
        var summary = File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName));
        Assert.Contains("### Naive tailing reader: numbers skipped for good", summary, StringComparison.Ordinal);
        Assert.Contains("### High-water-mark reader (stale timeout 3 s)", summary, StringComparison.Ordinal);
        var json = File.ReadAllText(Path.Combine(folder, RunRecord.FileName));
        Assert.All(["\"load\": \"sustained\"", "\"eventsPerSecond\": {", "\"rounds\": 2", "\"tiedWithBest\"", "\"committers\": 2", "\"race\": {", "\"writes\": {", "\"verdicts\": [", "\"qualifyingEventsPerSecond\""], key => Assert.Contains(key, json, StringComparison.Ordinal));
        foreach (var chart in new[] { "events-per-second-waves-CommitEvents-1", "events-per-second-sustained-CommitEvents-1", "p99-latency-vs-throughput-CommitEvents-1" })
        {
            Assert.True(File.Exists(Path.Combine(folder, "charts", chart + ".svg")), chart);
        }

        Assert.False(Directory.Exists(folder + ".partial"));
        var console = File.ReadAllText(Path.Combine(folder, ConsoleCopy.FileName));
        Assert.Contains("Racing 2 cells x 1 strategies", console, StringComparison.Ordinal);
        Assert.EndsWith($"8 cases: 8 measured, 0 failed (causes in the summary), 0 with a broken guarantee.{Environment.NewLine}", console, StringComparison.Ordinal);
    }

    [Fact]
    public async Task two_committers_on_one_aggregate_conflict_reload_and_retry_and_every_acknowledged_version_holds()
    {
        var folder = Path.Combine(_root, "contended");

        var (exit, record) = await RunAsync(folder, "--strategies", "TransactionalCounter,BatchingPipeline", "--load", "sustained", "--methods", "CommitAggregateEvents",
            "--events", "1", "--concurrency", "2", "--aggregates", "1", "--reader", "none");

        Assert.Equal(0, exit);
        var strategies = record!.Cases.Where(c => !c.IsCeiling).ToArray();
        Assert.Equal(["BatchingPipeline", "TransactionalCounter"], strategies.Select(c => c.Contender).Order(StringComparer.Ordinal));
        Assert.All(strategies, c =>
        {
            Assert.True(c.Succeeded, c.Failure);
            Assert.Equal(1, c.Cell.Aggregates);
            var contention = Assert.IsType<ContentionSummary>(c.Contention);
            Assert.True(contention.Conflicts > 0, $"{c.Contender}: no conflict among {contention.Committed} commands on one aggregate");
            Assert.Equal(contention.Conflicts, contention.Retries + contention.GivenUp);
            Assert.Equal(contention.Conflicts * 1, contention.WastedEvents);
            Assert.True(c.Verification.Passed, c.Contender);
            // The verifier checks every acknowledged aggregate commit in the log: those of the measured windows and any of the
            // ramps (none when a contender leaves after its qualifying round and every commit fell in the window).
            Assert.True(c.Verification.AggregateCommitsChecked >= contention.Committed, c.Contender);
        });
        var verdict = File.ReadAllText(Path.Combine(folder, VerdictWriter.FileName));
        var details = File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName));
        Assert.Contains("## Contention: commands on shared aggregates", details, StringComparison.Ordinal);
        Assert.Contains("| 1 x 2 on 1 aggregates |", details, StringComparison.Ordinal);
        Assert.Contains("2 committers sharing 1 aggregates (sustained load, aggregate commits, 1 event per commit), by how your commands run:", verdict, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_contended_row_runs_in_each_command_mode_and_owners_leave_nothing_to_conflict_within_the_process()
    {
        var folder = Path.Combine(_root, "modes");

        var (exit, record) = await RunAsync(folder, "--strategies", "CurrentImplementation,BatchingPipeline", "--load", "sustained",
            "--methods", "CommitAggregateEvents", "--events", "1", "--concurrency", "1", "--contention", "20:2", "--reader", "none");

        Assert.Equal(0, exit);
        var contended = record!.Cases.Where(c => !c.IsCeiling && c.Cell.Aggregates is not null).ToArray();
        Assert.Equal(
            [CommandMode.Optimistic, CommandMode.Owned, CommandMode.Pipelined],
            contended.Select(c => c.Cell.Commands).Distinct().Order());
        Assert.All(contended, c =>
        {
            Assert.True(c.Succeeded && c.Verification.Passed, $"{c.Contender} {c.Cell.Commands}: {c.Failure}");
            Assert.True(c.Verification.AggregateCommitsChecked >= c.Contention!.Committed, c.Contender);
        });
        Assert.All(contended.Where(c => c.Cell.Commands == CommandMode.Owned), c => Assert.Equal(0, c.Contention!.Conflicts));
        Assert.Equal(0, contended.Single(c => c.Cell.Commands == CommandMode.Pipelined && c.Contender == "BatchingPipeline").Contention!.Conflicts);
        Assert.True(contended.Single(c => c.Cell.Commands == CommandMode.Optimistic && c.Contender == "CurrentImplementation").Contention!.Conflicts > 0);
        var verdict = File.ReadAllText(Path.Combine(folder, VerdictWriter.FileName));
        var details = File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName));
        Assert.Contains("| owned (one owner per aggregate, one command at a time) |", verdict, StringComparison.Ordinal);
        Assert.Contains("| pipelined (the owner sends its next commit before the last is acknowledged) |", verdict, StringComparison.Ordinal);
        Assert.Contains("| 1 x 20 on 2 aggregates, pipelined |", details, StringComparison.Ordinal);
        Assert.Contains(ContentionView.ModesHeading, details, StringComparison.Ordinal);
        Assert.Contains("**Reading**: the optimistic leader is ", details, StringComparison.Ordinal);
        Assert.Contains("owned, ", details, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_run_over_two_durabilities_races_every_cell_at_each_and_the_verdict_says_where_the_choice_changes()
    {
        var folder = Path.Combine(_root, "durabilities");

        var (exit, record) = await RunAsync(folder,
            "--strategies", "InsertMany,BatchingPipeline", "--load", "sustained", "--methods", "CommitEvents", "--events", "1", "--concurrency", "2", "--durability", "durable,async-commit");

        Assert.Equal(0, exit);
        Assert.NotNull(record);
        Assert.Equal("durable, async-commit", record.Environment.Durability);
        Assert.Equal(["async-commit", "durable"], record.Cases.Select(c => c.Cell.Durability!).Distinct().Order(StringComparer.Ordinal));
        Assert.Equal(2, record.Verdicts!.Count);
        Assert.All(record.Cases.GroupBy(c => c.Cell.Durability), g => Assert.Equal(5, g.Count()));
        Assert.All(record.Cases, c => Assert.True(c.Succeeded && c.Verification.Passed && c.Process.PeakWorkingSetBytes > 0, c.Failure ?? c.Contender));
        Assert.All(record.Cases, c => Assert.True(!OperatingSystem.IsLinux() || c.Process.LabCpuShare is > 0 and <= 1, $"{c.Contender}: the lab's CPU share {c.Process.LabCpuShare}"));
        Assert.All(record.Cases, c => Assert.True(c.Process.GcPauseShare is >= 0 and <= 1, $"{c.Contender}: the lab's garbage-collection pauses {c.Process.GcPauseShare}"));
        var details = File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName));
        Assert.Contains("The lab's share of the machine's busy CPU time", details, StringComparison.Ordinal);
        Assert.Contains("The lab's garbage-collection pauses", details, StringComparison.Ordinal);
        var verdict = File.ReadAllText(Path.Combine(folder, VerdictWriter.FileName));
        Assert.Contains(DurabilityView.Heading, details, StringComparison.Ordinal);
        Assert.Contains("| sustained · CommitEvents | 1 x 2 |", details, StringComparison.Ordinal);
        Assert.Contains("### Sustained load · Plain commits · async-commit", details, StringComparison.Ordinal);
        Assert.Contains(" · plain commits · durable |", verdict, StringComparison.Ordinal);
    }

    /// <summary>A dry-job run of the main command into <paramref name="folder"/>, and the record it wrote (null when it wrote none).</summary>
    private static async Task<(int Exit, RunRecord? Record)> RunAsync(string folder, params string[] grid)
    {
        var options = LabOptions.Parse([.. grid, "--job", "dry", "--out", folder], PostgresStoreConfiguration.FromEnvironment());
        var exit = await LabRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);
        return (exit, Directory.Exists(folder) ? RunRecord.Read(folder) : null);
    }

    [Fact]
    public async Task conditional_commits_are_measured_and_verified_for_the_strategies_that_keep_conditions_and_not_run_for_the_others()
    {
        var folder = Path.Combine(_root, "conditional");

        var (exit, record) = await RunAsync(folder, "--strategies", "InsertMany,TransactionalCounter,BatchingPipeline", "--methods", "CommitConditionalEvents", "--events", "2", "--concurrency", "3");

        Assert.Equal(0, exit);
        Assert.NotNull(record);
        Assert.Equal(
            ["sustained BatchingPipeline", "sustained Ceiling:InFlight", "sustained Ceiling:OneGroup", "sustained Ceiling:PerCommit", "sustained TransactionalCounter",
             "waves BatchingPipeline", "waves Ceiling:InFlight", "waves Ceiling:OneGroup", "waves Ceiling:PerCommit", "waves TransactionalCounter"],
            record.Cases.Select(c => $"{c.Cell.Load.ToString().ToLowerInvariant()} {c.Contender}").Order(StringComparer.Ordinal));
        Assert.All(record.Cases, c => Assert.True(c.Succeeded, c.Failure));
        Assert.All(record.Cases.Where(c => !c.IsCeiling), c => Assert.Equal((VerificationKind.Verifier, true, 0.0), (c.Verification.Checked, c.Verification.Passed, c.Writes.ConflictsPerCommit)));
        var summary = File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName));
        Assert.Contains("| Conditional commits | CommitConditionalEvents: ", summary, StringComparison.Ordinal);
        Assert.Contains("| CommitConditionalEvents | 2 | 3 |", summary, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_strategy_storing_transaction_ids_is_followed_by_the_transaction_horizon_reader_and_checked_against_its_claim()
    {
        var folder = Path.Combine(_root, "horizon");
        var options = LabOptions.Parse(
            ["--strategies", "ServerSequenceWithHorizon", "--load", "sustained", "--methods", "CommitEvents", "--events", "10", "--concurrency", "4", "--job", "dry", "--out", folder],
            PostgresStoreConfiguration.FromEnvironment());

        var exit = await LabRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

        Assert.Equal(0, exit);
        var record = RunRecord.Read(folder);
        var strategy = Assert.Single(record.Cases, c => !c.IsCeiling);
        Assert.True(strategy.Readers.Horizon is { Delivered: > 0, Skipped: 0 }, strategy.Readers.Horizon?.ToString());
        Assert.All(record.Cases.Where(c => c.IsCeiling), c => Assert.Null(c.Readers.Horizon));
        Assert.True(Assert.Single(record.Strategies).HorizonOrderedVisibility);
        Assert.Empty(record.Unavailable ?? []);
        var summary = File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName));
        Assert.Contains("### Transaction-horizon reader (strategies storing transaction ids)", summary, StringComparison.Ordinal);
        Assert.Contains("| ServerSequenceWithHorizon | claimed | no | no | claimed | no, ", summary, StringComparison.Ordinal);
    }

    [Fact]
    public async Task readers_asked_to_follow_waves_record_what_they_saw_there()
    {
        var folder = Path.Combine(_root, "waves-readers");
        var options = LabOptions.Parse(
            ["--strategies", "InsertMany", "--load", "waves", "--reader-loads", "waves", "--methods", "CommitEvents", "--events", "1", "--concurrency", "2", "--job", "dry", "--out", folder],
            PostgresStoreConfiguration.FromEnvironment());

        var exit = await LabRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

        Assert.Equal(0, exit);
        Assert.All(RunRecord.Read(folder).Cases.Where(c => !c.IsCeiling), c => Assert.True(c.Readers.Naive is { Delivered: > 0 } && c.Readers.HighWaterMark is { Delivered: > 0 }, c.Contender));
        Assert.Contains("qualifying waves round", File.ReadAllText(Path.Combine(folder, DetailsWriter.FileName)), StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_case_whose_commits_fail_is_recorded_with_its_cause_and_type()
    {
        var provider = new FaultyStoreProvider(stores, new IOException("No space left on device (injected before the first insert)"));
        var options = LabOptions.Parse(["--job", "dry"], new PostgresStoreConfiguration());
        var cell = new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, 10, 2);

        var target = (await ContenderCase.StartAsync(cell, StrategyCatalog.Get("InsertMany"), null, provider, options.Cases, options.Measurement(false), CancellationToken.None))!;
        var figure = await target.MeasureRoundAsync(options.Measurement(false), qualifying: true);
        var result = await target.FinishAsync(figure, [], new RaceExit(RaceExitReason.Failed, 0));

        Assert.Null(figure);

        Assert.StartsWith("IOException in ", result.Failure, StringComparison.Ordinal);
        Assert.EndsWith(": No space left on device (injected before the first insert)", result.Failure, StringComparison.Ordinal);
        Assert.Empty(result.Race.RoundEventsPerSecond);
        Assert.True(result.Verification.Passed);
        Assert.Contains("failed [1]", DetailsWriter.Write(new RunRecord(SampleRuns.Environment, SampleRuns.Claims, [result])), StringComparison.Ordinal);
    }

    [Fact]
    public async Task the_ceiling_writes_events_and_aggregate_rows_and_its_row_count_is_checked()
    {
        await using var store = await stores.FreshStoreAsync("postgres");
        await using var ceiling = new OneGroupCeiling(store);
        var sample = new SampleEvents();
        var aggregate = new AggregateKey("order-1", "Order");

        await ceiling.CommitAsync([CommitRequest.ForAggregate(aggregate, 0, sample.Create("order-1", 3)), CommitRequest.ForEvents(sample.Create(2))], CancellationToken.None);
        var clean = await ceiling.StopAndCheckAsync(new(), 0, CancellationToken.None);
        await using (var session = await store.OpenAutoCommitSessionAsync(CancellationToken.None))
        {
            await session.InsertEventAsync(new StoredEvent(99, "stray", "Stray", null, null, Guid.NewGuid(), [], "{}"), CancellationToken.None);
        }

        var extra = await ceiling.StopAndCheckAsync(new(), 0, CancellationToken.None);

        Assert.Equal((VerificationKind.RowCount, true, 5L, 5L), (clean.Checked, clean.Passed, clean.ExpectedEvents, clean.FoundEvents));
        Assert.Equal((false, 5L, 6L), (extra.Passed, extra.ExpectedEvents, extra.FoundEvents));
        Assert.Equal(new AggregateVersionRecord(aggregate, 3), Assert.Single((await store.ReadSnapshotAsync(TestContext.Current.CancellationToken)).Aggregates));
    }

    /// <summary>Fresh real logs whose first multi-event insert fails with the given fault, as a full disk would fail it.</summary>
    private sealed class FaultyStoreProvider(LabStores stores, Exception fault) : IEventStoreProvider
    {
        public string Name => "postgres";

        public string Description => "faulty";

        public IReadOnlyList<string> Durabilities => ["durable"];

        public string Durability => "durable";

        public Task<IEventLog> CreateFreshLogAsync(string durability, CancellationToken cancellationToken) => CreateFreshLogAsync(cancellationToken);

        public async Task<IEventLog> CreateFreshLogAsync(CancellationToken cancellationToken)
        {
            var store = new InterceptingEventStore(await stores.FreshStoreAsync("postgres"));
            store.OnceBefore(InterceptingEventStore.InsertEvents, () => Task.FromException(fault));
            return store;
        }

        public Task<bool> SettleAsync(CancellationToken cancellationToken) => Task.FromResult(true);

        public Task PingAsync(CancellationToken cancellationToken) => Task.CompletedTask;

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
