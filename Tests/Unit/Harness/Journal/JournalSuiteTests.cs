using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Journal;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Peers.AkkaJournal;
using EventCommitLab.Reporting;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Journal;

/// <summary><c>suite journal</c>: the original's workload shapes, its command line and its table.</summary>
public sealed class JournalSuiteTests
{
    private static readonly PostgresStoreConfiguration NoEnvironment = new();

    [Fact]
    public void the_workloads_are_the_originals_with_its_per_actor_counts_for_the_groups()
    {
        var workloads = JournalWorkload.All(10_000).ToDictionary(w => w.Name);

        Assert.Equal(
            ["Persist", "PersistAll", "PersistAsync", "PersistAllAsync", "PersistGroup10", "PersistGroup25", "PersistGroup50", "PersistGroup100", "PersistGroup200",
             "PersistGroup400", "Recovering", "RecoveringTwo", "RecoveringFour", "Recovering8"],
            workloads.Keys);
        Assert.Equal((1, 10_000L), (workloads["Persist"].Actors, workloads["Persist"].Messages));
        Assert.Equal((10, 1000), (workloads["PersistGroup10"].Actors, workloads["PersistGroup10"].MessagesPerActor));
        Assert.Equal((100, 100), (workloads["PersistGroup100"].Actors, workloads["PersistGroup100"].MessagesPerActor));
        Assert.Equal((400, 100, 40_000L), (workloads["PersistGroup400"].Actors, workloads["PersistGroup400"].MessagesPerActor, workloads["PersistGroup400"].Messages));
        Assert.Equal((8, 10_000, true), (workloads["Recovering8"].Actors, workloads["Recovering8"].MessagesPerActor, workloads["Recovering8"].Recovers));
        Assert.Equal(1, JournalWorkload.All(20).Single(w => w.Name == "PersistGroup400").MessagesPerActor);
    }

    [Theory]
    [InlineData(PersistMode.Persist, 3, new[] { 1, 1, 1 })]
    [InlineData(PersistMode.PersistAll, 120, new[] { 50, 50, 20 })]
    [InlineData(PersistMode.PersistAsync, 450, new[] { 1, 200, 200, 49 })]
    [InlineData(PersistMode.PersistAllAsync, 450, new[] { 50, 200, 200 })]
    public void each_actor_commits_as_akka_writes_one_write_in_flight_and_write_behind_only_when_it_does_not_wait(PersistMode mode, int messages, int[] commits)
    {
        Assert.Equal(commits, StrategyJournalContender.CommitSizes(mode, messages));
    }

    [Fact]
    public void an_iteration_far_from_the_others_is_dropped_before_the_median_and_few_or_equal_samples_are_kept()
    {
        var kept = JournalStatistics.WithoutOutliers([100.0, 101, 99, 100, 102, 98, 400]);

        Assert.DoesNotContain(400.0, kept);
        Assert.Equal(6, kept.Count);
        Assert.Equal([1.0, 1000], JournalStatistics.WithoutOutliers([1.0, 1000]));
        Assert.Equal([5.0, 5, 5], JournalStatistics.WithoutOutliers([5.0, 5, 5]));
    }

    [Fact]
    public void suite_journal_takes_the_full_sizes_by_default_and_quick_messages_rounds_and_strategies()
    {
        Assert.Equal(JournalSuiteSettings.Full, LabOptions.Parse(["suite", "journal"], NoEnvironment).SuiteSettings);
        var options = LabOptions.Parse(["suite", "journal", "--quick", "--messages", "7", "--rounds", "3", "--strategies", "InsertMany"], NoEnvironment);
        Assert.Equal(JournalSuiteSettings.Quick with { Messages = 7, Rounds = 3 }, options.SuiteSettings);
        Assert.Equal(["InsertMany"], options.Strategies.Select(s => s.Name));
    }

    [Theory]
    [InlineData(new[] { "suite", "journal", "--rows", "100" }, "suite journal: --rows has no meaning here")]
    [InlineData(new[] { "suite", "journal", "--concurrency", "10" }, "suite journal: --concurrency has no meaning here")]
    [InlineData(new[] { "suite", "journal", "--messages", "0" }, "--messages")]
    [InlineData(new[] { "suite", "journal", "--rounds" }, "Option --rounds needs a value")]
    [InlineData(new[] { "suite", "floor", "--messages", "10" }, "suite floor: --messages has no meaning here")]
    [InlineData(new[] { "suite", "journal", "--strategies", "Nope" }, "--strategies: unknown value 'Nope'")]
    public void bad_journal_arguments_are_one_clear_error(string[] args, string expected)
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(args, NoEnvironment));

        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void the_table_has_a_row_per_test_a_column_per_contender_the_originals_two_postgres_figures_and_the_goals_verdicts()
    {
        var workloads = JournalWorkload.All(100).Where(w => w.Name is "Persist" or "PersistGroup400").ToArray();
        JournalCell Cell(string workload, string contender, double median, string? failure = null) =>
            new(workload, contender, [median, median], [median, median], new Interval(median, median * 0.9, median * 1.1, 2), failure, [], 1);
        var run = new JournalSuiteResult(
            JournalSuiteSettings.Quick, workloads, ["BatchingPipeline", AkkaJournalContender.ContenderName],
            [Cell("Persist", "BatchingPipeline", 1000), Cell("Persist", AkkaJournalContender.ContenderName, 500),
             Cell("PersistGroup400", "BatchingPipeline", 30_000), Cell("PersistGroup400", AkkaJournalContender.ContenderName, 5000, "timed out: iteration 2 passed 30 s")],
            [new PipelineGoal("PersistGroup400", "BatchingPipeline", "PersistGroup400: ratio", new Interval(6, 5, 7, 2), 2, true, "")],
            "Akka.Persistence.Sql 1.5.73, its defaults",
            new SuiteEnvironment("cpu", 2, "linux", ".NET", "PostgreSQL", "abc1234", "test", DateTimeOffset.Now, DateTimeOffset.Now));

        var summary = JournalSummaryWriter.Write(run);

        Assert.Contains("| Test | Messages | BatchingPipeline | Akka.Persistence.Sql | Original: Akka.Persistence.Sql (PG 15) | Original: Akka.Persistence.PostgreSql (PG 15) |", summary, StringComparison.Ordinal);
        Assert.Contains("| Persist | 1 x 100 | 1,000<br>[900, 1,100] | 500<br>[450, 550] | 395 | 368 |", summary, StringComparison.Ordinal);
        Assert.Contains("| PersistGroup400 | 400 x 1 | 30,000<br>[27,000, 33,000] | 5,000<br>[4,500, 5,500] ⚠ | 14,279 | 4,423 |", summary, StringComparison.Ordinal);
        Assert.Contains("| PersistGroup400: ratio | 6.00 | [5.00, 7.00] | >= 2x | Met |", summary, StringComparison.Ordinal);
        Assert.Contains("| PersistGroup400 | Akka.Persistence.Sql | ⚠ timed out: iteration 2 passed 30 s", summary, StringComparison.Ordinal);
        Assert.Contains("Akka.Persistence.Sql 1.5.73, its defaults", summary, StringComparison.Ordinal);
    }

    [Fact]
    public void a_raced_run_shows_each_workloads_verdict_and_when_a_contender_left_its_race()
    {
        var workloads = JournalWorkload.All(100).Where(w => w.Name == "Persist").ToArray();
        var interval = new Interval(1000, 900, 1100, 3);
        var verdict = new RaceVerdict(3, RaceEnd.Decided, VerdictKind.Winner, "BatchingPipeline", ["BatchingPipeline"],
            [new ContenderStanding(AkkaJournalContender.ContenderName, PairDecision.Behind, new Interval(0.5, 0.45, 0.55, 3), new RaceExit(RaceExitReason.Behind, 3), null)]);
        var run = new JournalSuiteResult(
            JournalSuiteSettings.Full, workloads, ["BatchingPipeline", AkkaJournalContender.ContenderName],
            [new JournalCell("Persist", "BatchingPipeline", [1000, 1000, 1000], [1000, 1000, 1000], interval, null, [], 1),
             new JournalCell("Persist", AkkaJournalContender.ContenderName, [500, 500, 500], [500, 500, 500], new Interval(500, 450, 550, 3), null, [], 1, new RaceExit(RaceExitReason.Behind, 3))],
            [], "defaults", new SuiteEnvironment("cpu", 2, "linux", ".NET", "PostgreSQL", "abc1234", "test", DateTimeOffset.Now, DateTimeOffset.Now),
            JournalSuiteSettings.Full.Race, [new JournalVerdict("Persist", verdict)]);

        var summary = JournalSummaryWriter.Write(run);

        Assert.Contains("| Test | Messages | Verdict | BatchingPipeline | Akka.Persistence.Sql |", summary, StringComparison.Ordinal);
        Assert.Contains("| Persist | 1 x 100 | BatchingPipeline (winner), 3 rounds | 1,000<br>[900, 1,100] | 500<br>[450, 550] (left after 3) | 395 | 368 |", summary, StringComparison.Ordinal);
        Assert.Contains("at most 12 race rounds", summary, StringComparison.Ordinal);
        Assert.Contains("at each look (after rounds 6, 12)", summary, StringComparison.Ordinal);
    }
}
