using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Tests.Engine;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Pipeline;

public sealed class PipelineGoalsTests
{
    [Fact]
    public void each_goal_is_read_from_its_cells_and_judged_by_its_interval_not_its_estimate()
    {
        var goals = PipelineGoals.Evaluate(RunOf(new Dictionary<CellKey, (double Pipeline, double Ceiling)>
        {
            [Cell(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 1)] = (1_000, 2_000),
            [Cell(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 100)] = (40_000, 45_000),
            [Cell(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 100, 100)] = (30_000, 60_000),
            [Cell(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 1, 100)] = (44_000, 45_000),
            [Cell(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 1000)] = (20_000, 45_000),
            [Cell(LoadKind.Waves, BenchmarkMethod.CommitEvents, 100, 100)] = (50_000, 60_000),
        })).Where(g => g.Strategy == "BatchingPipeline").ToArray();

        Assert.Equal(
            [("P1", GoalVerdict.Met), ("P1", GoalVerdict.NotMet), ("P4", GoalVerdict.Met), ("P5", GoalVerdict.MetByEstimateOnly), ("P6", GoalVerdict.Met), ("P9", GoalVerdict.NotMet), ("seed", GoalVerdict.Met)],
            goals.Select(g => (g.Id, g.Verdict)));
        Assert.Equal(40, goals[2].Ratio!.Estimate, 3);
        Assert.True(goals[2].Ratio!.Lower < 40 && goals[2].Ratio!.Upper > 40);
        Assert.Equal(500, goals[6].Ratio!.Estimate, 3);
        Assert.Contains("p99 at 1000 committers 4 ms", goals[5].Note, StringComparison.Ordinal);
    }

    [Fact]
    public void the_seed_goal_falls_back_to_the_qualifying_rounds_when_the_current_implementation_left_after_its_own()
    {
        var wave = Cell(LoadKind.Waves, BenchmarkMethod.CommitEvents, 100, 100);
        var run = new RunRecord(SampleRuns.Environment, SampleRuns.Claims,
        [
            .. CellAnalysis.Analyse(
            [
                SampleRuns.Case("BatchingPipeline", 100, SampleRuns.Rounds(50_000), qualifying: 48_000, numberOfEvents: 100),
                SampleRuns.Case(PipelineGoals.Seed, 100, [.. SampleRuns.Rounds(1).Select(_ => (double?)null)], qualifying: 400, stoppedEarly: true, numberOfEvents: 100),
            ]),
        ]);

        var seed = PipelineGoals.Evaluate(run).Single(g => g.Id == "seed" && g.Strategy == "BatchingPipeline");

        Assert.Equal(120, seed.Ratio!.Estimate, 3);
        Assert.Null(seed.Ratio.Lower);
        Assert.Equal(GoalVerdict.MetByEstimateOnly, seed.Verdict);
        Assert.Contains("qualifying", seed.Note, StringComparison.Ordinal);
        Assert.Equal(wave, run.Cases[0].Cell);
    }

    [Fact]
    public void a_goal_whose_case_failed_is_not_measured_rather_than_missed()
    {
        var goals = PipelineGoals.Evaluate(new RunRecord(SampleRuns.Environment, SampleRuns.Claims, []));

        Assert.All(goals, g => Assert.Equal(GoalVerdict.NotMeasured, g.Verdict));
        Assert.Contains("| P1: events/s vs the ceiling", PipelineGoalsWriter.Write(new RunRecord(SampleRuns.Environment, SampleRuns.Claims, []), goals), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--strategies")]
    [InlineData("--events")]
    [InlineData("--concurrency")]
    public void the_pipeline_suite_refuses_options_that_would_change_its_cells(string option)
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["pipeline", option, "1"], new()));

        Assert.StartsWith($"pipeline: {option} has no meaning here (the suite fixes it", error.Message, StringComparison.Ordinal);
    }

    private static CellKey Cell(LoadKind load, BenchmarkMethod method, int events, int concurrency) => new(load, method, events, concurrency);

    private static RunRecord RunOf(Dictionary<CellKey, (double Pipeline, double Ceiling)> cells) => new(
        SampleRuns.Environment,
        SampleRuns.Claims,
        [
            .. cells.SelectMany(cell => CellAnalysis.Analyse(
            [
                .. PipelineGoals.Pipelines.Select(p => At(cell.Key, p, cell.Value.Pipeline)),
                At(cell.Key, PipelineGoals.BareInsert, cell.Value.Pipeline / 2),
                At(cell.Key, PipelineGoals.Seed, 100),
                At(cell.Key, "Ceiling", cell.Value.Ceiling),
            ])),
        ]);

    private static CaseResult At(CellKey cell, string contender, double eventsPerSecond) =>
        SampleRuns.Case(contender, cell.Committers, SampleRuns.Rounds(eventsPerSecond), load: cell.Load, method: cell.Method, numberOfEvents: cell.NumberOfEvents);
}
