using System.Text.Json.Serialization;
using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Engine.Results;

/// <summary>
/// The ceiling and the store's own tool measured in turns, one right after the other, each side in a fresh log of its
/// own: the ratio is taken turn by turn, so that a disk slower in one minute than in the next slows both sides of it.
/// </summary>
/// <param name="CeilingVariant">The raw writer of the ceiling measured: the fastest in the cell's race.</param>
/// <param name="TurnSeconds">How long each side wrote in a turn (the ceiling after its warm-up and ramp).</param>
/// <param name="CeilingEventsPerSecond">The ceiling's rate in each turn, in turn order.</param>
/// <param name="ToolRowsPerSecond">The tool's rate in the same turns.</param>
public sealed record StoreToolTurns(string CeilingVariant, double TurnSeconds, IReadOnlyList<double> CeilingEventsPerSecond, IReadOnlyList<double> ToolRowsPerSecond)
{
    /// <summary>The ceiling over the tool, turn by turn.</summary>
    [JsonIgnore]
    public IReadOnlyList<double> Ratios => [.. CeilingEventsPerSecond.Zip(ToolRowsPerSecond, (ceiling, tool) => ceiling / tool)];

    /// <summary>
    /// The turns' ratios as the race takes its own: a geometric mean, trimmed from seven turns on, with its two-sided 95%
    /// interval; no bounds from one turn. How far one run's turns pin the ratio down.
    /// </summary>
    [JsonIgnore]
    public Interval PairedRatio => Pooled([this]);

    /// <summary>The turns of several measurements of one cell and way (two runs', say) taken together, as <see cref="PairedRatio"/> takes one's.</summary>
    public static Interval Pooled(IEnumerable<StoreToolTurns> measurements)
    {
        ArgumentNullException.ThrowIfNull(measurements);
        return LogStatistics.GeometricMean([.. measurements.SelectMany(m => m.Ratios)], RaceSettings.DefaultErrorRate);
    }

    /// <summary>The middle of the ceiling's turns.</summary>
    [JsonIgnore]
    public double CeilingEventsPerSecondMedian => Middle(CeilingEventsPerSecond);

    private static double Middle(IReadOnlyCollection<double> values)
    {
        var sorted = values.Order().ToArray();
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }
}
