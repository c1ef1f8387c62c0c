using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Reporting;

/// <summary>
/// The compare page's view of the ceiling against the store's own tool: per cell and way the two runs measured in
/// turns, each run's ratio with its interval and both runs' turns taken together. One run's few turns pin the ratio down
/// loosely (a turn's flushes vary from second to second); two runs' turns, twice as many, pin it down closer.
/// </summary>
public static class StoreToolComparisonSection
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>Writes the section; nothing when no cell and way was measured in turns in both runs.</summary>
    public static void Write(StringBuilder md, RunRecord older, RunRecord newer)
    {
        ArgumentNullException.ThrowIfNull(md);
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        var before = InTurns(older);
        var pairs = InTurns(newer).Where(n => before.ContainsKey(n.Key)).OrderBy(n => n.Key.Rows).ThenBy(n => n.Key.NumberOfEvents).ThenBy(n => n.Key.Committers).ToArray();
        if (pairs.Length == 0)
        {
            return;
        }

        md.AppendLine("## The ceiling against the store's own tool").AppendLine();
        md.AppendLine("Each run's turns' ratios (the ceiling over the tool, turn by turn) as a geometric mean with its 95% interval, and both runs' turns taken together.").AppendLine();
        var table = new MarkdownTable().Left("Rows").Right("Events", "Clients").Left("Old", "New", "Both runs");
        foreach (var (key, turns) in pairs)
        {
            var old = before[key];
            var both = StoreToolTurns.Pooled([old, turns]);
            table.Row(
                $"{StoreToolView.Describe(key.Rows)}", $"{key.NumberOfEvents}", $"{key.Committers}", $"{Ratio(old.PairedRatio)}", $"{Ratio(turns.PairedRatio)}",
                $"{Ratio(both)} ({both.Samples} turns)");
        }

        table.WriteTo(md).AppendLine();
    }

    private static Dictionary<(StoreToolRows Rows, int NumberOfEvents, int Committers, string? Durability), StoreToolTurns> InTurns(RunRecord record) =>
        (record.StoreTool ?? []).Where(t => t.Turns is not null).ToDictionary(t => (t.Rows, t.NumberOfEvents, t.Committers, t.Durability), t => t.Turns!);

    private static string Ratio(Interval ratio) => string.Create(Invariant, $"{ratio.Estimate:0.00}{StoreToolView.Bounds(ratio)}");
}
