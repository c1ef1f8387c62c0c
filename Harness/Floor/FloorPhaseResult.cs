using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Floor;

/// <summary>One phase of the floor suite: what it did, how fast (per slice, summarised), and each operation's latency.</summary>
/// <param name="Operations">Operations done (inserts, reads, or scans).</param>
/// <param name="Rows">Rows they wrote or read: the unit of <see cref="RowsPerSecond"/>.</param>
/// <param name="RowsPerSecond">Median of the slices' rates, with its 95% interval.</param>
/// <param name="Latency">Each operation's own time; null for the scans (one operation reads every row).</param>
public sealed record FloorPhaseResult(string Phase, string Description, long Operations, long Rows, TimeSpan Elapsed, Interval RowsPerSecond, LatencySummary? Latency)
{
    /// <summary>Rows over the whole phase's time.</summary>
    public double OverallRowsPerSecond => Rows / Elapsed.TotalSeconds;
}
