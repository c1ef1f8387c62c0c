using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Harness.Sweep;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Engine;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Sweep;

public sealed class SweepTests
{
    private static readonly PostgresStoreConfiguration NoEnvironment = new();

    [Fact]
    public void the_offered_rates_run_from_a_tenth_of_the_closed_loop_rate_to_past_it()
    {
        var rates = SweepPlan.Rates(2000);

        Assert.Equal([200, 500, 1000, 1500, 1800, 2000, 2200, 2500], rates.Select(r => Math.Round(r)));
        Assert.Throws<ArgumentOutOfRangeException>(() => SweepPlan.Rates(0));
        Assert.Throws<ArgumentOutOfRangeException>(() => SweepPlan.Rates(double.NaN));
    }

    [Fact]
    public void the_capacity_is_the_highest_step_kept_up_with_inside_the_objective()
    {
        static SweepPoint Step(double offered, double achieved, double p99) => new(null, offered, achieved, new LatencySummary(100, p99 / 2, p99, p99, p99, p99));
        SweepPoint[] steps = [Step(100, 100, 2), Step(500, 499, 4), Step(1000, 990, 9.5), Step(1500, 1200, 8), Step(2000, 2000, 30)];

        Assert.Equal(1000, SweepPlan.Capacity(steps, sloMs: 10)!.OfferedEventsPerSecond);
        Assert.Equal(500, SweepPlan.Capacity(steps, sloMs: 5)!.OfferedEventsPerSecond);
        Assert.Null(SweepPlan.Capacity(steps, sloMs: 1));
        Assert.False(steps[3].KeptUp);
    }

    [Fact]
    public void without_strategies_the_sweep_follows_the_verdicts_choice_for_its_cell_the_two_nearest_and_the_current_implementation()
    {
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 100);
        CaseResult Case(string name, double level) =>
            SampleRuns.Case(name, 100, [.. Enumerable.Range(0, 10).Select(i => (double?)(level * (i % 2 == 0 ? 1.01 : 0.99)))], load: LoadKind.Sustained);
        var (cases, verdict) = CellAnalysis.Analyse(
            [Case("BatchingPipeline", 60_000), Case("SingleEventNoTransaction", 6_000), Case("InsertMany", 5_000), Case("ServerSequence", 4_000), Case("CurrentImplementation", 100)],
            [], RaceSettings.Default(10), RaceEnd.Decided);
        var record = new RunRecord(SampleRuns.Environment, [], cases, [], [verdict!]);

        var chosen = SweepChoice.Choose(record, cell);

        Assert.Equal(["BatchingPipeline", "SingleEventNoTransaction", "InsertMany", "CurrentImplementation"], chosen.Select(s => s.Name));
    }

    [Fact]
    public void the_sweep_takes_one_cell_and_its_objective_and_refuses_the_grids_options()
    {
        var options = LabOptions.Parse(["sweep", "--events", "10", "--slo-ms", "25", "--strategies", "InsertMany"], NoEnvironment);

        Assert.Equal(new SweepSettings(BenchmarkMethod.CommitEvents, 10, 100, 25, 1), options.SuiteSettings);
        Assert.Equal((ReaderKind.None, "sweep"), (options.Reader, options.Suite));
        Assert.Equal("sweep: --events takes one value here (the sweep is one cell).",
            Assert.Throws<ArgumentException>(() => LabOptions.Parse(["sweep", "--events", "1,10"], NoEnvironment)).Message);
        Assert.StartsWith("sweep: --rate has no meaning here",
            Assert.Throws<ArgumentException>(() => LabOptions.Parse(["sweep", "--rate", "100"], NoEnvironment)).Message, StringComparison.Ordinal);
    }
}
