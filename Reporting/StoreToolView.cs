using System.Globalization;
using EventCommitLab.Engine.Results;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Reporting;

/// <summary>
/// The ceiling held against the store's own tool writing the same rows, one line per cell: first against the tool
/// sending every payload as the lab does (what the lab's client costs), then against the tool building its rows on the
/// server (what sending them costs at all).
/// </summary>
public static class StoreToolView
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The page's lines, one per cell the tool ran on; none when it ran on none.</summary>
    public static IEnumerable<string> Lines(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        foreach (var cell in (record.StoreTool ?? []).GroupBy(t => (t.NumberOfEvents, t.Committers, t.Durability)))
        {
            var key = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, cell.Key.NumberOfEvents, cell.Key.Committers, Durability: cell.Key.Durability);
            var ceiling = record.Verdicts?.FirstOrDefault(v => v.Cell == key)?.Ceiling;
            var runs = cell.OrderBy(t => t.Rows == StoreToolRows.SentByClient ? 0 : 1).ToArray();
            var tool = runs[0].Tool.Tool.Split(' ')[0];
            var against = string.Join("; ", runs.Select(t => Against(tool, t, ceiling)));
            yield return string.Create(Invariant,
                $"- **Ceiling against {tool}** on the same rows ({cell.Key.NumberOfEvents} events per commit, {cell.Key.Committers} client{(cell.Key.Committers == 1 ? "" : "s")}): " +
                $"the ceiling {VerdictText.Rate(ceiling)} events/s; {against}; {string.Join("; ", runs.Select(t => $"`{t.Tool.CommandLine}`"))}.");
        }
    }

    /// <summary>One of the tool's runs and the ceiling's ratio to it; the ratio to the client-sent rows in bold, the one a review reads.</summary>
    private static string Against(string tool, StoreToolComparison run, Interval? ceiling)
    {
        var sent = run.Rows == StoreToolRows.SentByClient;
        var how = sent ? "sending every payload from the client" : "building its rows on the server";
        var bold = sent ? "**" : "";
        var ratio = ceiling is { } c ? string.Create(Invariant, $" (ratio {bold}{c.Estimate / run.Tool.PerSecond:0.00}{bold})") : "";
        return string.Create(Invariant, $"{tool} {how} {run.Tool.PerSecond:N0} rows/s{ratio}");
    }
}
