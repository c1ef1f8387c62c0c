using EventCommitLab.Harness.Measurement;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness;

public sealed class RunBudgetTests
{
    [Fact]
    public void each_cell_may_spend_an_equal_share_of_what_is_left()
    {
        var budget = new RunBudget(TimeSpan.FromMinutes(20), cells: 4);

        Assert.Equal((TimeSpan.FromMinutes(20) - RunBudget.Reserve) / 4, budget.AllowanceForNextCell(TimeSpan.Zero, 0));
        Assert.Equal((TimeSpan.FromMinutes(15) - RunBudget.Reserve) / 2, budget.AllowanceForNextCell(TimeSpan.FromMinutes(5), 2));
        Assert.Equal(TimeSpan.Zero, budget.AllowanceForNextCell(TimeSpan.FromMinutes(25), 3));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void a_run_whose_cells_buy_rounds_only_when_affordable_never_passes_its_budget(int seed)
    {
        var random = new Random(seed);
        var total = TimeSpan.FromMinutes(20);
        var budget = new RunBudget(total, cells: 36);
        var elapsed = TimeSpan.FromSeconds(4);
        for (var cell = 0; cell < 36; cell++)
        {
            var allowance = budget.AllowanceForNextCell(elapsed, cell);
            // The mandatory part (starting, qualifying, the first look) costs less than any share here.
            var spent = TimeSpan.FromSeconds(5 + (5 * random.NextDouble()));
            var finish = TimeSpan.FromSeconds(1);
            while (true)
            {
                var block = TimeSpan.FromSeconds(0.5 + (4 * random.NextDouble()));
                if (random.Next(4) == 0 || !RunBudget.Affords(allowance, spent, block, finish))
                {
                    break;
                }

                spent += block;
            }

            elapsed += spent + finish;
        }

        Assert.True(elapsed <= total - RunBudget.Reserve, $"the run took {elapsed} of {total}");
    }

    [Fact]
    public void with_no_budget_every_block_is_affordable()
    {
        Assert.Null(new RunBudget(null, cells: 3).AllowanceForNextCell(TimeSpan.FromHours(5), 2));
        Assert.True(RunBudget.Affords(null, TimeSpan.FromHours(1), TimeSpan.FromHours(1), TimeSpan.Zero));
    }

    [Fact]
    public void a_budget_the_grid_cannot_fit_in_is_refused_before_anything_runs()
    {
        var options = LabOptions.Parse(["--budget", "1"], new PostgresStoreConfiguration());

        var error = Assert.Throws<ArgumentException>(() => LabRunner.EnsureTheBudgetFits(options, options.Measurement(true), LabRunner.Cells(options).Count));

        Assert.StartsWith($"--budget 1: 37 cells x {StrategyCatalog.Designs.Count} strategies need at least about ", error.Message, StringComparison.Ordinal);
        Assert.Contains("raise --budget or narrow the grid", error.Message, StringComparison.Ordinal);
        LabRunner.EnsureTheBudgetFits(options with { BudgetMinutes = 20 }, (options with { BudgetMinutes = 20 }).Measurement(true), LabRunner.Cells(options).Count);
    }
}
