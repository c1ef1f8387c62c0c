using System.Globalization;
using EventCommitLab.Engine.Results;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Reporting;

/// <summary>
/// The ceiling held against the store's own tool writing the same rows, one line per cell: first against the tool
/// sending every payload (the comparison a review reads), then sending every column as the lab's statement does (what
/// the lab's client costs beyond its statement), then building its rows on the server (what sending costs at all). Measured in turns, the ratios are the turns' own; a record from before the
/// turns holds the tool against the cell's race.
/// </summary>
public static class StoreToolView
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    private static readonly StoreToolRows[] Order = [StoreToolRows.SentByClient, StoreToolRows.EveryColumnSentByClient, StoreToolRows.BuiltOnServer];

    /// <summary>The page's lines, one per cell the tool ran on; none when it ran on none.</summary>
    public static IEnumerable<string> Lines(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        foreach (var cell in (record.StoreTool ?? []).GroupBy(t => (t.NumberOfEvents, t.Committers, t.Durability)))
        {
            var key = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, cell.Key.NumberOfEvents, cell.Key.Committers, Durability: cell.Key.Durability);
            var race = record.Verdicts?.FirstOrDefault(v => v.Cell == key)?.Ceiling;
            var runs = cell.OrderBy(t => Array.IndexOf(Order, t.Rows)).ToArray();
            var tool = runs[0].Tool.Tool.Split(' ')[0];
            var rows = string.Create(Invariant, $"on the same rows ({cell.Key.NumberOfEvents} events per commit, {cell.Key.Committers} client{(cell.Key.Committers == 1 ? "" : "s")})");
            var commands = string.Join("; ", runs.Select(t => $"`{t.Tool.CommandLine}`"));
            yield return runs[0].Turns is { } turns
                ? string.Create(Invariant,
                    $"- **Ceiling against {tool}** {rows}, in {turns.CeilingEventsPerSecond.Count} turns of {turns.TurnSeconds:0.#} s each side: " +
                    $"{turns.CeilingVariant} {turns.CeilingEventsPerSecondMedian:N0} events/s (the turns' median; in the race the ceiling {VerdictText.Rate(race)}); " +
                    $"{string.Join("; ", runs.Select(t => InTurns(tool, t)))}; {commands}.")
                : string.Create(Invariant,
                    $"- **Ceiling against {tool}** {rows}: the ceiling {VerdictText.Rate(race)} events/s; {string.Join("; ", runs.Select(t => AgainstRace(tool, t, race)))}; {commands}.");
        }
    }

    /// <summary>Where a way's rows were made, as the progress lines and the compare page name it.</summary>
    public static string Describe(StoreToolRows rows) => rows switch
    {
        StoreToolRows.SentByClient => "payloads sent by the client",
        StoreToolRows.EveryColumnSentByClient => "every column sent by the client",
        _ => "rows built on the server",
    };

    private static string How(StoreToolRows rows) => rows switch
    {
        StoreToolRows.SentByClient => "sending every payload from the client",
        StoreToolRows.EveryColumnSentByClient => "sending every column from the client as the lab's statement does",
        _ => "building its rows on the server",
    };

    /// <summary>The ratio to the client-sent rows in bold: the one a review reads.</summary>
    private static string Bold(StoreToolComparison run) => run.Rows == StoreToolRows.SentByClient ? "**" : "";

    /// <summary>One way of the tool's turns: its median rate, the turns' ratios as a geometric mean with its interval, and their range.</summary>
    private static string InTurns(string tool, StoreToolComparison run)
    {
        var turns = run.Turns!;
        return string.Create(Invariant,
            $"{tool} {How(run.Rows)} {run.Tool.PerSecond:N0} rows/s (ratio {Bold(run)}{turns.PairedRatio.Estimate:0.00}{Bold(run)}{Bounds(turns.PairedRatio)}, turns {turns.Ratios.Min():0.00}–{turns.Ratios.Max():0.00})");
    }

    /// <summary>" [lower–upper]" of a ratio's interval; nothing without bounds.</summary>
    public static string Bounds(Interval ratio)
    {
        ArgumentNullException.ThrowIfNull(ratio);
        return ratio.HasBounds ? string.Create(Invariant, $" [{ratio.Lower:0.00}–{ratio.Upper:0.00}]") : "";
    }

    /// <summary>One run of the tool from before the turns, and the cell's race ceiling's ratio to it.</summary>
    private static string AgainstRace(string tool, StoreToolComparison run, Interval? ceiling)
    {
        var ratio = ceiling is { } c ? string.Create(Invariant, $" (ratio {Bold(run)}{c.Estimate / run.Tool.PerSecond:0.00}{Bold(run)})") : "";
        return string.Create(Invariant, $"{tool} {How(run.Rows)} {run.Tool.PerSecond:N0} rows/s{ratio}");
    }
}
