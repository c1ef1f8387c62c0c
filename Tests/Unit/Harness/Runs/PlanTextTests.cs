using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;

namespace EventCommitLab.Tests.Harness.Runs;

public sealed class PlanTextTests
{
    private static readonly TimeSpan Twenty = TimeSpan.FromMinutes(20);

    private static PlannedCell[] Cells(int count) =>
        [.. Enumerable.Range(1, count).Select(i => new PlannedCell(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, i, 1), TimeSpan.FromSeconds(100), TimeSpan.FromSeconds(40)))];

    [Fact]
    public void the_console_says_which_cells_came_back_in_and_says_nothing_when_the_plan_did_not_change()
    {
        var cells = Cells(10);
        var plan = new RunPlan(cells, Twenty);
        plan.AllowanceFor(0, TimeSpan.Zero);
        Assert.Contains("they run after the others where the time left pays for them", PlanText.Opening(plan, [.. cells.Select(c => c.Cell)]), StringComparison.Ordinal);
        var before = plan.LeftOut.ToArray();
        Assert.Null(PlanText.Change(plan, before));
        plan.Record(0, TimeSpan.FromSeconds(100));

        plan.AllowanceFor(9, TimeSpan.FromSeconds(900));

        Assert.Equal(
            $"Plan: the cells before have had their time and what is left pays for more; back in: {cells[^1].Cell} (about 1.7 min of mandatory parts).",
            PlanText.Change(plan, before));
    }
}
