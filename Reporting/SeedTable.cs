using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// The seed's own table, as its BenchmarkDotNet run printed it: waves only, a row per method x NumberOfEvents x
/// ConcurrentBatches and a column per strategy the seed compared, each cell the time one wave takes (every committer's
/// commit of that many events acknowledged), from the race's own rounds: the wave's events over the trimmed geometric
/// mean of the rounds' events/s, its 95% interval inverted with it (its wider side shown as ±%); a strategy cut on its first windows is marked so.
/// </summary>
internal static class SeedTable
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(RunRecord record, IReadOnlyList<string> seedStrategies)
    {
        ArgumentNullException.ThrowIfNull(record);
        var waves = record.Cases.Where(c => c.Cell.Load == LoadKind.Waves && c.Cell.Aggregates is null && !c.IsCeiling).ToArray();
        var columns = seedStrategies.Where(s => waves.Any(c => c.Contender == s)).ToArray();
        if (columns.Length == 0)
        {
            return "";
        }

        var md = new StringBuilder();
        md.AppendLine("## The seed's table").AppendLine();
        md.AppendLine("Time per wave (ms, ± its 95% interval's wider side), as the seed's benchmark reported its strategies; from this run's waves rounds.").AppendLine();
        var table = new MarkdownTable().Left("Method", "Events", "Committers").Right(columns);
        foreach (var cell in waves.Select(c => c.Cell).Distinct().OrderBy(c => c.Method).ThenBy(c => c.NumberOfEvents).ThenBy(c => c.Committers).ThenBy(c => c.Durability))
        {
            table.Row([$"{cell.Method}{(cell.Durability is { } d ? $", {d}" : "")}", $"{cell.NumberOfEvents}", $"{cell.Committers}",
                .. columns.Select(s => (FormattableString)$"{Time(waves.FirstOrDefault(c => c.Cell == cell && c.Contender == s), cell)}")]);
        }

        return table.WriteTo(md).AppendLine().ToString();
    }

    private static string Time(CaseResult? c, CellKey cell)
    {
        double Ms(double eventsPerSecond) => cell.EventsPerWave / eventsPerSecond * 1000;
        if (c?.Race.EventsPerSecond is not { Estimate: > 0 } rate)
        {
            return c?.Race.QualifyingEventsPerSecond is > 0 and var qualifying ? string.Create(Invariant, $"{Number(Ms(qualifying))} (cut)") : "-";
        }

        // The interval's wider side as a share of the estimate, rounded up, as BenchmarkDotNet's Error column reads: a
        // pivot of seven strategies stays readable, and the figure never claims more precision than the interval gives.
        return rate.HasBounds
            ? string.Create(Invariant, $"{Number(Ms(rate.Estimate))} ±{Math.Ceiling(Math.Max(rate.Estimate / rate.Lower!.Value - 1, 1 - (rate.Estimate / rate.Upper!.Value)) * 100):0}%")
            : string.Create(Invariant, $"{Number(Ms(rate.Estimate))} (cut)");
    }

    private static string Number(double ms) => ms >= 100 ? ms.ToString("0", Invariant) : ms >= 10 ? ms.ToString("0.0", Invariant) : ms.ToString("0.00", Invariant);
}
