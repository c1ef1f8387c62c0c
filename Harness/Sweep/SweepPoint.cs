using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Sweep;

/// <summary>One step of a strategy's sweep: the rate offered (open loop), what was acknowledged, and commit latency from each commit's intended start.</summary>
/// <param name="Fraction">The offered rate as a fraction of the strategy's closed-loop rate; null for the closed-loop step itself.</param>
/// <param name="OfferedEventsPerSecond">Null for the closed-loop step.</param>
public sealed record SweepPoint(double? Fraction, double? OfferedEventsPerSecond, double AchievedEventsPerSecond, LatencySummary? Latency)
{
    /// <summary>Acknowledged at least 95% of what was offered: the strategy kept up with the arrivals.</summary>
    public bool KeptUp => OfferedEventsPerSecond is { } offered && AchievedEventsPerSecond >= 0.95 * offered;
}
