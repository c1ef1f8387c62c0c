using System.Globalization;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Runs;

/// <summary>What the run's plan says on the console: at the start, what the budget covers; later, the cells it leaves out.</summary>
internal static class PlanText
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The plan as the run starts (after its first allowance was asked for).</summary>
    public static string Opening(RunPlan plan, IReadOnlyList<CellKey> cells)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(cells);
        var covered = Enumerable.Range(0, cells.Count).Where(i => !plan.IsLeftOut(i)).ToArray();
        var mandatory = TimeSpan.FromSeconds(covered.Sum(i => plan.Mandatory(i).TotalSeconds));
        var racing = (plan.Total ?? TimeSpan.Zero) - RunPlan.Reserve - mandatory;
        var scale = plan.Scale >= 1.05 ? string.Create(Invariant, $" (this machine's durable flush is {plan.Scale:0.0}x ours, so every prediction is {plan.Scale:0.0}x)") : "";
        return plan.LeftOut.Count == 0
            ? string.Create(Invariant,
                $"Plan: {cells.Count} cells in the order a review needs them; their starts, qualifying rounds, rounds to the first look and checks are predicted at about {Minutes(mandatory)}{scale}, leaving about {Minutes(racing)} to race them further, about {racing.TotalSeconds / Math.Max(1, covered.Length):0} s a cell more where the calls are close.")
            : string.Create(Invariant,
                $"Plan: the budget covers the first {covered.Length} of {cells.Count} cells in the order a review needs them{scale}; left out, whole, so that every cell it covers can race to its second look: {Cells(plan.LeftOut)} (their starts, qualifying rounds, rounds to the first look and checks alone would take about {Minutes(TimeSpan.FromSeconds(plan.LeftOut.Sum(c => c.Mandatory.TotalSeconds * plan.Scale)))} more); they run after the others where the time left pays for them.");
    }

    /// <summary>The cells left out that <paramref name="before"/> did not hold, and why, or the cells it held that came back; null when neither changed.</summary>
    public static string? Change(RunPlan plan, IReadOnlyCollection<PlannedCell> before)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(before);
        var added = plan.LeftOut.Except(before).ToArray();
        var back = before.Except(plan.LeftOut).ToArray();
        var lines = new List<string>();
        if (back.Length > 0)
        {
            lines.Add(string.Create(Invariant,
                $"Plan: the cells before have had their time and what is left pays for more; back in: {Cells(back)} (about {Minutes(TimeSpan.FromSeconds(back.Sum(c => c.Mandatory.TotalSeconds * plan.Scale)))} of mandatory parts)."));
        }

        if (added.Length > 0)
        {
            lines.Add(string.Create(Invariant,
                $"Plan: from what the cells so far took, the cells to come are expected to take {plan.Scale:0.00}x their predicted mandatory parts; to stay within the budget, left out, whole: {Cells(added)} (about {Minutes(TimeSpan.FromSeconds(added.Sum(c => c.Mandatory.TotalSeconds * plan.Scale)))} of mandatory parts)."));
        }

        return lines.Count == 0 ? null : string.Join(Environment.NewLine, lines);
    }

    private static string Cells(IEnumerable<PlannedCell> cells) => string.Join("; ", cells.Select(c => c.Cell.ToString()));

    private static string Minutes(TimeSpan time) => string.Create(Invariant, $"{time.TotalMinutes:0.0} min");
}
