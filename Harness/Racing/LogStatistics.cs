using EventCommitLab.Harness.Results;
using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace EventCommitLab.Harness.Racing;

/// <summary>
/// Rates and ratios on the log scale, where a throughput's noise is closer to symmetric and a ratio's inverse is its
/// negation: geometric means with Student-t intervals (Perfolizer's Student distribution).
/// </summary>
public static class LogStatistics
{
    /// <summary>The geometric mean of positive figures with its two-sided interval at 1 − <paramref name="errorRate"/>; no bounds from one figure.</summary>
    public static Interval GeometricMean(IReadOnlyCollection<double> figures, double errorRate)
    {
        ArgumentNullException.ThrowIfNull(figures);
        var logs = figures.Where(f => f > 0).Select(f => Math.Log(f)).ToArray();
        return logs.Length == 0
            ? throw new ArgumentException("A geometric mean needs at least one positive figure.", nameof(figures))
            : FromLogs(logs, errorRate);
    }

    /// <summary>
    /// <paramref name="numerators"/> over <paramref name="denominators"/> round by round (paired: both measured in the
    /// same round), as a geometric mean with its two-sided interval at 1 − <paramref name="errorRate"/>; null when no round has both.
    /// </summary>
    public static Interval? PairedRatio(IReadOnlyList<double?> numerators, IReadOnlyList<double?> denominators, double errorRate)
    {
        var logs = PairedLogs(numerators, denominators);
        return logs.Length == 0 ? null : FromLogs(logs, errorRate);
    }

    /// <summary>The log ratios of the rounds both sides ran.</summary>
    public static double[] PairedLogs(IReadOnlyList<double?> numerators, IReadOnlyList<double?> denominators)
    {
        ArgumentNullException.ThrowIfNull(numerators);
        ArgumentNullException.ThrowIfNull(denominators);
        return [.. numerators.Zip(denominators, (a, b) => a is > 0 && b is > 0 ? Math.Log(a.Value / b.Value) : (double?)null).OfType<double>()];
    }

    /// <summary>The mean of <paramref name="logs"/> and its standard error; the error is null from fewer than two.</summary>
    public static (double Mean, double? StandardError) MeanAndError(IReadOnlyList<double> logs)
    {
        ArgumentNullException.ThrowIfNull(logs);
        var mean = logs.Average();
        if (logs.Count < 2)
        {
            return (mean, null);
        }

        var variance = logs.Sum(x => (x - mean) * (x - mean)) / (logs.Count - 1);
        return (mean, Math.Sqrt(variance / logs.Count));
    }

    /// <summary>Student's quantile for a one-sided tail of <paramref name="tail"/> with <paramref name="samples"/> − 1 degrees of freedom.</summary>
    public static double StudentQuantile(int samples, double tail) => new StudentDistribution(samples - 1).Quantile(1 - tail);

    private static Interval FromLogs(IReadOnlyList<double> logs, double errorRate)
    {
        var (mean, error) = MeanAndError(logs);
        if (error is not { } standardError)
        {
            return new Interval(Math.Exp(mean), null, null, logs.Count);
        }

        var half = StudentQuantile(logs.Count, errorRate / 2) * standardError;
        return new Interval(Math.Exp(mean), Math.Exp(mean - half), Math.Exp(mean + half), logs.Count);
    }
}
