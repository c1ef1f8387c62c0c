using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class RunPlanTests
{
    private static readonly TimeSpan Twenty = TimeSpan.FromMinutes(20);

    private static PlannedCell[] Cells(int count, double mandatorySeconds, double firstLookSeconds = 0) =>
        [.. Enumerable.Range(1, count).Select(i => new PlannedCell(new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, i, 1), TimeSpan.FromSeconds(mandatorySeconds), TimeSpan.FromSeconds(firstLookSeconds)))];

    [Fact]
    public void each_cell_may_spend_its_mandatory_part_and_up_to_three_equal_shares_of_what_the_mandatory_parts_leave()
    {
        var plan = new RunPlan(Cells(12, 30), Twenty);

        var cushion = TimeSpan.FromSeconds(30 * RunPlan.Cushion);
        var free = Twenty - RunPlan.Reserve - TimeSpan.FromSeconds(12 * 30) - cushion;
        Assert.Equal(TimeSpan.FromSeconds(30) + (free * 3 / 12), plan.AllowanceFor(0, TimeSpan.Zero));
        Assert.Equal(TimeSpan.FromSeconds(30) + (TimeSpan.FromMinutes(15) - RunPlan.Reserve - TimeSpan.FromSeconds(60) - cushion), plan.AllowanceFor(10, TimeSpan.FromMinutes(5)));
        Assert.Empty(plan.LeftOut);
    }

    [Fact]
    public void on_a_slower_machine_than_planned_the_plan_decides_its_first_cells_and_leaves_the_last_out_whole()
    {
        // Predicted 30 s of mandatory parts a cell: 20 cells fit in 20 minutes. The first cells take three times that.
        var plan = new RunPlan(Cells(20, 30), Twenty);
        Assert.NotNull(plan.AllowanceFor(0, TimeSpan.Zero));
        Assert.Empty(plan.LeftOut);

        var elapsed = TimeSpan.Zero;
        for (var index = 0; index < 4; index++)
        {
            plan.AllowanceFor(index, elapsed);
            plan.Record(index, TimeSpan.FromSeconds(90));
            elapsed += TimeSpan.FromSeconds(120);
        }

        var allowance = plan.AllowanceFor(4, elapsed);

        Assert.Equal((360 + RunPlan.StartingScaleWeight.TotalSeconds) / (120 + RunPlan.StartingScaleWeight.TotalSeconds), plan.Scale, 9);
        Assert.NotEmpty(plan.LeftOut);
        Assert.Equal(Cells(20, 30).TakeLast(plan.LeftOut.Count), plan.LeftOut);
        Assert.False(plan.IsLeftOut(4));
        Assert.True(plan.IsLeftOut(19));
        Assert.True(allowance >= TimeSpan.FromSeconds(60), $"the next cell may still pay for its mandatory part: {allowance}");
        var kept = Enumerable.Range(4, 16).Where(i => !plan.IsLeftOut(i)).Sum(i => plan.Mandatory(i).TotalSeconds);
        Assert.True(kept <= (Twenty - RunPlan.Reserve - elapsed).TotalSeconds, "what is kept can pay for its mandatory parts");
    }

    [Fact]
    public void one_cell_far_off_its_prediction_moves_the_scale_less_than_many_cells_that_agree()
    {
        var plan = new RunPlan(Cells(20, 10), Twenty);
        plan.Record(0, TimeSpan.FromSeconds(20));
        var afterOne = plan.Scale;
        for (var index = 1; index < 20; index++)
        {
            plan.Record(index, TimeSpan.FromSeconds(20));
        }

        Assert.InRange(afterOne, 1.1, 1.2);
        Assert.InRange(plan.Scale, 1.7, 2);
    }

    [Fact]
    public void a_machine_whose_durable_flush_is_slower_than_ours_is_planned_slower_from_the_start()
    {
        Assert.Equal(1, CellCostModel.ScaleFor(0.2));
        Assert.Equal(2, CellCostModel.ScaleFor(2 * CellCostModel.ReferenceFlushMs), 9);
        Assert.Equal(4, CellCostModel.ScaleFor(100));

        var plan = new RunPlan(Cells(20, 30), Twenty, scale: 3);
        plan.AllowanceFor(0, TimeSpan.Zero);

        Assert.Equal(Cells(20, 30).TakeLast(plan.LeftOut.Count), plan.LeftOut);
        Assert.Equal(7, plan.LeftOut.Count);
    }

    [Fact]
    public void before_the_first_cell_the_last_cells_are_left_out_until_what_the_mandatory_parts_leave_carries_every_cell_half_as_far_again()
    {
        // 10 cells of 100 s, 40 s of it to the first look: 1000 s of mandatory parts leave 195 s, short of the 200 s
        // that race every cell half as many rounds again; without the last cell, 295 s carry 180 s.
        var cells = Cells(10, 100, 40);
        var plan = new RunPlan(cells, Twenty);

        var allowance = plan.AllowanceFor(0, TimeSpan.Zero);

        Assert.Equal([cells[^1]], plan.LeftOut);
        Assert.Equal(TimeSpan.FromSeconds(100) + (TimeSpan.FromSeconds(295 - (100 * RunPlan.Cushion)) * RunPlan.Overcommit / 9), allowance);
        var withoutFirstLooks = new RunPlan(Cells(10, 100), Twenty);
        withoutFirstLooks.AllowanceFor(0, TimeSpan.Zero);
        Assert.Empty(withoutFirstLooks.LeftOut);
    }

    [Fact]
    public void once_a_cell_has_run_the_plan_leaves_cells_out_only_when_their_mandatory_parts_no_longer_fit()
    {
        var cells = Cells(10, 100, 20);
        var plan = new RunPlan(cells, Twenty);
        plan.AllowanceFor(0, TimeSpan.Zero);
        plan.Record(0, TimeSpan.FromSeconds(100));

        // 895 s left pay for the 800 s of the eight cells to come, though the 95 s beyond them cannot carry their 160 s.
        plan.AllowanceFor(1, TimeSpan.FromSeconds(300));
        Assert.Equal([cells[^1]], plan.LeftOut);

        plan.AllowanceFor(1, TimeSpan.FromSeconds(400));
        Assert.Equal([cells[^2], cells[^1]], plan.LeftOut);
    }

    [Fact]
    public void a_cell_left_out_at_the_start_comes_back_when_the_run_reaches_it_with_time_left_for_its_mandatory_part()
    {
        var cells = Cells(10, 100, 40);
        var plan = new RunPlan(cells, Twenty);
        plan.AllowanceFor(0, TimeSpan.Zero);
        Assert.Equal([cells[^1]], plan.LeftOut);
        for (var index = 0; index < 9; index++)
        {
            plan.AllowanceFor(index, TimeSpan.FromSeconds(index * 90));
            plan.Record(index, TimeSpan.FromSeconds(90));
        }

        // The nine cells took 810 s: 385 s are left, more than the last cell's mandatory part (about 100 s).
        var allowance = plan.AllowanceFor(9, TimeSpan.FromSeconds(810));

        Assert.Empty(plan.LeftOut);
        Assert.Equal((Twenty - RunPlan.Reserve - TimeSpan.FromSeconds(810)).TotalSeconds, allowance!.Value.TotalSeconds, 3);
        var late = new RunPlan(cells, Twenty);
        late.AllowanceFor(0, TimeSpan.Zero);
        late.Record(0, TimeSpan.FromSeconds(100));
        Assert.Equal(TimeSpan.Zero, late.AllowanceFor(9, Twenty - RunPlan.Reserve - TimeSpan.FromSeconds(50)));
        Assert.Equal([cells[^1]], late.LeftOut);
    }

    [Fact]
    public void a_cell_racing_its_whole_allowance_leaves_the_cells_after_it_their_mandatory_parts_and_a_cushion_behind_them()
    {
        // Two cells of 100 s and 50 s beyond them: the first may race 25 s of them, and leaves the last cell 125 s, so
        // a last cell that comes in over its prediction by up to a quarter still runs.
        var plan = new RunPlan(Cells(2, 100, 40), TimeSpan.FromSeconds(250) + RunPlan.Reserve);

        var first = plan.AllowanceFor(0, TimeSpan.Zero);
        plan.Record(0, TimeSpan.FromSeconds(100));

        Assert.Equal(TimeSpan.FromSeconds(100 + 50 - (100 * RunPlan.Cushion)), first);
        Assert.Equal(TimeSpan.FromSeconds(125), plan.AllowanceFor(1, first!.Value));
        Assert.Empty(plan.LeftOut);
    }

    [Fact]
    public void a_last_cell_alone_runs_when_it_can_pay_for_its_mandatory_part_since_leaving_it_out_gives_its_time_to_no_other_cell()
    {
        var cells = Cells(2, 100, 80);
        var plan = new RunPlan(cells, TimeSpan.FromSeconds(100) + RunPlan.Reserve + TimeSpan.FromSeconds(101));

        Assert.Equal(TimeSpan.FromSeconds(101), plan.AllowanceFor(1, TimeSpan.FromSeconds(100)));
        Assert.Empty(plan.LeftOut);
    }

    [Fact]
    public void the_default_job_plans_every_row_of_the_default_grid_from_the_start_on_a_machine_as_fast_as_the_one_the_model_was_fitted_on()
    {
        var options = LabOptions.Parse([], new PostgresStoreConfiguration());
        var settings = options.Measurement(true);
        var cells = LabRunner.Cells(options);
        var contenders = options.Strategies.Count + RawCeiling.VariantNames.Count;
        var plan = new RunPlan(
            [.. cells.Select(c => new PlannedCell(c, CellCostModel.Mandatory(c, contenders, settings), CellCostModel.FirstLook(c, contenders, settings)))],
            TimeSpan.FromMinutes(settings.BudgetMinutes!.Value) - StoreToolRuns.Duration(StoreToolRuns.Cells(cells)),
            CellCostModel.ScaleFor(CellCostModel.ReferenceFlushMs));

        // Started after the store, the flush probe and the availability probe, as a run starts it.
        plan.AllowanceFor(0, TimeSpan.FromSeconds(30));

        Assert.Empty(plan.LeftOut);
    }

    [Fact]
    public void the_first_looks_predicted_rounds_grow_with_the_window_and_the_rounds_before_that_look_and_are_part_of_the_mandatory_part()
    {
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 10, 10);
        var settings = LabOptions.Parse([], new PostgresStoreConfiguration()).Measurement(true);
        var longer = LabOptions.Parse(["--window", "1"], new PostgresStoreConfiguration()).Measurement(true);
        var fewer = LabOptions.Parse(["--rounds", "3"], new PostgresStoreConfiguration()).Measurement(true);

        var firstLook = CellCostModel.FirstLook(cell, 13, settings);

        Assert.True(CellCostModel.FirstLook(cell, 13, longer) > 5 * firstLook, "a window ten times as long");
        Assert.Equal(firstLook.TotalSeconds / 2, CellCostModel.FirstLook(cell, 13, fewer).TotalSeconds, 6);
        Assert.True(CellCostModel.FirstLook(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 100, 100), 13, settings) > 2 * firstLook);
        Assert.Equal(CellCostModel.StartsAndChecks(cell, 13) + firstLook, CellCostModel.Mandatory(cell, 13, settings));
    }

    [Fact]
    public void a_mirrored_cells_first_look_is_predicted_as_two_half_turns_per_contender_and_round_dearer_than_one_whole_turn_but_not_twice()
    {
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 10, 10);
        var mirrored = LabOptions.Parse([], new PostgresStoreConfiguration()).Measurement(true);
        var whole = mirrored with { MirroredBelowCommitters = null };

        var (two, one) = (CellCostModel.FirstLook(cell, 13, mirrored), CellCostModel.FirstLook(cell, 13, whole));

        Assert.True(mirrored.Mirrors(cell));
        Assert.InRange(two / one, 1.01, 1.99);
    }

    [Fact]
    public void a_cell_left_out_that_the_time_left_cannot_pay_for_is_given_no_time_and_with_no_total_every_cell_runs_unbounded()
    {
        var plan = new RunPlan(Cells(3, 600), TimeSpan.FromMinutes(21));

        Assert.NotEqual(TimeSpan.Zero, plan.AllowanceFor(0, TimeSpan.Zero));
        Assert.True(plan.IsLeftOut(2));
        Assert.Equal(TimeSpan.Zero, plan.AllowanceFor(2, TimeSpan.FromMinutes(12)));
        Assert.True(plan.IsLeftOut(2));
        Assert.Null(new RunPlan(Cells(3, 600), null).AllowanceFor(2, TimeSpan.FromHours(5)));
        Assert.True(RunPlan.Affords(null, TimeSpan.FromHours(1), TimeSpan.FromHours(1), TimeSpan.Zero));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void a_run_whose_cells_buy_rounds_only_when_affordable_never_passes_its_budget(int seed)
    {
        var random = new Random(seed);
        var plan = new RunPlan(Cells(36, 8), Twenty);
        var elapsed = TimeSpan.FromSeconds(4);
        for (var cell = 0; cell < 36; cell++)
        {
            var allowance = plan.AllowanceFor(cell, elapsed);
            if (plan.IsLeftOut(cell))
            {
                continue;
            }

            // The mandatory part takes about its prediction, now more, now less.
            var mandatory = TimeSpan.FromSeconds(8 * (0.5 + random.NextDouble()));
            var spent = mandatory * 0.7;
            var finish = mandatory * 0.3;
            while (true)
            {
                var block = TimeSpan.FromSeconds(0.5 + (4 * random.NextDouble()));
                if (random.Next(4) == 0 || !RunPlan.Affords(allowance, spent, block, finish))
                {
                    break;
                }

                spent += block;
            }

            plan.Record(cell, mandatory);
            elapsed += spent + finish;
        }

        Assert.True(elapsed <= Twenty - RunPlan.Reserve, $"the run took {elapsed} of {Twenty}");
    }

    [Fact]
    public void a_budget_that_cannot_pay_even_for_the_first_cell_is_refused_before_anything_runs_and_a_smaller_one_runs_what_it_covers()
    {
        var options = LabOptions.Parse(["--budget", "1", "--events", "10000", "--concurrency", "1000"], new PostgresStoreConfiguration());

        var error = Assert.Throws<ArgumentException>(() => LabRunner.EnsureTheBudgetFits(options, options.Measurement(true), LabRunner.Cells(options)));

        Assert.StartsWith($"--budget 1: the first of {LabRunner.Cells(options).Count} cells x {StrategyCatalog.DefaultRace.Count} strategies alone needs about ", error.Message, StringComparison.Ordinal);
        Assert.Contains("raise --budget or narrow the grid", error.Message, StringComparison.Ordinal);
        var small = LabOptions.Parse(["--budget", "1"], new PostgresStoreConfiguration());
        LabRunner.EnsureTheBudgetFits(small, small.Measurement(true), LabRunner.Cells(small));
    }

    [Fact]
    public void the_cells_run_in_the_order_a_review_needs_them_the_seeds_grid_first_then_the_contended_rows_then_sustained_load()
    {
        var options = LabOptions.Parse(["--load", "waves,sustained", "--events", "100,1", "--concurrency", "10,1"], new PostgresStoreConfiguration());

        var cells = LabRunner.Cells(options);

        Assert.Equal(
            [
                "waves CommitEvents 1 x 1", "waves CommitEvents 1 x 10", "waves CommitEvents 100 x 1", "waves CommitEvents 100 x 10",
                "waves CommitAggregateEvents 1 x 1", "waves CommitAggregateEvents 1 x 10", "waves CommitAggregateEvents 100 x 1", "waves CommitAggregateEvents 100 x 10",
                "sustained CommitAggregateEvents 1 x 10 on 1 aggregates", "sustained CommitAggregateEvents 1 x 10 on 1 aggregates, owned",
                "sustained CommitAggregateEvents 1 x 10 on 1 aggregates, pipelined",
                "sustained CommitEvents 1 x 1", "sustained CommitEvents 1 x 10", "sustained CommitEvents 100 x 1", "sustained CommitEvents 100 x 10",
                "sustained CommitAggregateEvents 1 x 1", "sustained CommitAggregateEvents 1 x 10", "sustained CommitAggregateEvents 100 x 1", "sustained CommitAggregateEvents 100 x 10",
            ],
            cells.Select(c => $"{c.Load.ToString().ToLowerInvariant()} {c.Method} {c.Shape}"));
    }
}
