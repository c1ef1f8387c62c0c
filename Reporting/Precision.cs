using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Reporting;

/// <summary>How precise a run was, as its summary states at the top.</summary>
/// <param name="RatiosWithin15">Strategy/ceiling ratios whose interval lies within ±15% of the estimate.</param>
/// <param name="Ratios">Strategy/ceiling ratios measured.</param>
/// <param name="SeparableRows">Rows whose best strategy is separable from every other.</param>
/// <param name="Rows">Rows with a best strategy.</param>
/// <param name="MedianHalfWidth">The median half-width of the events/s intervals, as a fraction of the estimate.</param>
/// <param name="PairedSpread">
/// The median, over every pair of contenders that ran at least five race rounds side by side in a cell, of the standard
/// deviation of their per-round log ratio: the noise a paired comparison has to see through; null when no pair had five.
/// </param>
/// <param name="GcPauses">How many cases lost how much of their measured time to the garbage collector; null in a run from before it was measured.</param>
/// <param name="SharedNoise">
/// The median, over the same pairs, of the share of their round-to-round variance the two contenders have in common,
/// <c>1 − var(log a/b) / (var(log a) + var(log b))</c>: what pairing them round by round takes out of the comparison's
/// noise (1: all of it; 0: none, each turn's noise its own).
/// </param>
/// <param name="MirroredSpread">
/// <paramref name="PairedSpread"/> over the cells whose race rounds were mirrored and over the others, in that order;
/// null for a run that mirrored none.
/// </param>
public sealed record Precision(
    int RatiosWithin15, int Ratios, int SeparableRows, int Rows, double? MedianHalfWidth, int StoppedEarly, IReadOnlyList<CaseResult> BeatTheCeiling, double? PairedSpread = null,
    GcPauseCounts? GcPauses = null, double? SharedNoise = null, (double? Mirrored, double? Whole)? MirroredSpread = null)
{
    public const double Tolerance = 0.15;

    private const int SpreadRounds = 5;

    private static (double? Paired, double? Shared, (double?, double?)? Mirrored) Spread(RunRecord record)
    {
        var spreads = new List<double>();
        var shared = new List<double>();
        var mirrored = new List<double>();
        var whole = new List<double>();
        var settings = record.Environment.Measurement;
        foreach (var cell in record.Cases.Where(c => c.Failure is null).GroupBy(c => c.Cell))
        {
            var split = settings.Mirrors(cell.Key) ? mirrored : whole;
            var cases = cell.ToArray();
            for (var i = 0; i < cases.Length; i++)
            {
                for (var j = i + 1; j < cases.Length; j++)
                {
                    var logs = Engine.Racing.LogStatistics.PairedLogs(cases[i].Race.RoundEventsPerSecond, cases[j].Race.RoundEventsPerSecond);
                    if (logs.Length >= SpreadRounds)
                    {
                        var paired = Variance(logs);
                        spreads.Add(Math.Sqrt(paired));
                        split.Add(Math.Sqrt(paired));
                        var both = cases[i].Race.RoundEventsPerSecond.Zip(cases[j].Race.RoundEventsPerSecond)
                            .Where(r => r.First is > 0 && r.Second is > 0).ToArray();
                        var alone = Variance([.. both.Select(r => Math.Log(r.First!.Value))]) + Variance([.. both.Select(r => Math.Log(r.Second!.Value))]);
                        if (alone > 0)
                        {
                            shared.Add(1 - (paired / alone));
                        }
                    }
                }
            }
        }

        return (Median(spreads), Median(shared), settings.MirroredBelowCommitters is null ? null : (Median(mirrored), Median(whole)));
    }

    private static double Variance(IReadOnlyList<double> values)
    {
        var mean = values.Average();
        return values.Sum(x => (x - mean) * (x - mean)) / (values.Count - 1);
    }

    private static double? Median(List<double> values) => values.Count == 0 ? null : values.Order().ElementAt(values.Count / 2);

    public static Precision Of(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        var strategies = record.Cases.Where(c => !c.IsCeiling && c.Succeeded).ToArray();
        var ratios = strategies.Select(c => c.Race.RatioToCeiling).OfType<Interval>().ToArray();
        var rows = record.Cases.GroupBy(c => c.Cell).Where(g => g.Any(c => c.Race.IsBest)).ToArray();
        var widths = record.Cases.Select(c => c.Race.EventsPerSecond?.RelativeHalfWidth).OfType<double>().Order().ToArray();
        var spread = Spread(record);
        return new Precision(
            ratios.Count(r => r.IsWithin(Tolerance)), ratios.Length,
            rows.Count(CellAnalysis.HasSeparableWinner), rows.Length,
            widths.Length == 0 ? null : widths[widths.Length / 2],
            strategies.Count(c => c.Race.StoppedEarly),
            [.. strategies.Where(c => c.Race.RatioToCeiling is { Lower: > 1 })],
            spread.Paired,
            GcPauseCounts.Of(record.Cases),
            spread.Shared,
            spread.Mirrored);
    }
}
