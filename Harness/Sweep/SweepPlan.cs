namespace EventCommitLab.Harness.Sweep;

/// <summary>
/// The arrival rates a sweep offers one strategy: fractions of the rate it reached back to back (closed loop) in the
/// same cell, from a tenth to past saturation, so every strategy's curve is resolved where it bends.
/// </summary>
internal static class SweepPlan
{
    public static IReadOnlyList<double> Fractions { get; } = [0.1, 0.25, 0.5, 0.75, 0.9, 1.0, 1.1, 1.25];

    /// <summary>The offered rates in events/s, lowest first, for a strategy that reached <paramref name="saturation"/> back to back.</summary>
    /// <exception cref="ArgumentOutOfRangeException">A saturation that is not a positive rate.</exception>
    public static IReadOnlyList<double> Rates(double saturation)
    {
        if (!double.IsFinite(saturation) || saturation <= 0)
        {
            throw new ArgumentOutOfRangeException(nameof(saturation), saturation, "A sweep needs the positive rate the strategy reached back to back.");
        }

        return [.. Fractions.Select(f => f * saturation)];
    }

    /// <summary>
    /// The capacity at a latency objective: the highest offered rate whose p99 met it while the strategy kept up
    /// (achieved at least 95% of offered); null when no step met it. The true capacity lies between it and the next step.
    /// </summary>
    public static SweepPoint? Capacity(IReadOnlyList<SweepPoint> points, double sloMs)
    {
        ArgumentNullException.ThrowIfNull(points);
        return points.Where(p => p.KeptUp && p.Latency is { } l && l.P99Ms <= sloMs).MaxBy(p => p.OfferedEventsPerSecond);
    }
}
