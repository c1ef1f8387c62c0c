using EventCommitLab.Engine.Results;
using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace EventCommitLab.Engine.Racing;

/// <summary>
/// Rates and ratios on the log scale, where a throughput's noise is closer to symmetric and a ratio's inverse is its
/// negation. The location is a trimmed mean (a tenth from each end) with Yuen's interval (Student's t on the winsorized spread, with the
/// trimmed count's degrees of freedom; Perfolizer's Student distribution): on a shared machine a round now and then
/// stalls (the disk, the scheduler) and one contender's window takes the whole stall, and a plain mean of the logs would
/// let that one round decide a comparison. From seven values on, at least one value is trimmed from each end; below
/// seven, none (trimming from five or six would leave too few degrees of freedom).
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

    /// <summary>The share trimmed from each end.</summary>
    public const double Trim = 0.1;

    /// <summary>
    /// The trimmed mean of <paramref name="logs"/>, its standard error (Yuen's, from the winsorized variance) and its
    /// degrees of freedom (the values kept, less one); the error is null from fewer than two values.
    /// </summary>
    public static (double Mean, double? StandardError, int Degrees) MeanAndError(IReadOnlyList<double> logs)
    {
        ArgumentNullException.ThrowIfNull(logs);
        var n = logs.Count;
        var sorted = logs.Order().ToArray();
        var g = Trimmed(n);
        var kept = n - (2 * g);
        var mean = sorted.Skip(g).Take(kept).Average();
        if (n < 2)
        {
            return (mean, null, 0);
        }

        var winsorized = sorted.Select((x, i) => sorted[Math.Clamp(i, g, n - g - 1)]).ToArray();
        var center = winsorized.Average();
        var variance = winsorized.Sum(x => (x - center) * (x - center)) / (n - 1);
        return (mean, Math.Sqrt((n - 1) * variance / (kept * (double)(kept - 1))), kept - 1);
    }

    /// <summary>Student's quantile for a one-sided tail of <paramref name="tail"/> with <paramref name="degrees"/> degrees of freedom.</summary>
    public static double StudentQuantile(int degrees, double tail) => new StudentDistribution(degrees).Quantile(1 - tail);

    /// <summary>The degrees of freedom <paramref name="samples"/> values leave after trimming.</summary>
    public static int Degrees(int samples) => samples - (2 * Trimmed(samples)) - 1;

    /// <summary>How many values are trimmed from each end of <paramref name="samples"/>.</summary>
    public static int Trimmed(int samples) => samples < 7 ? 0 : Math.Max(1, (int)Math.Floor(Trim * samples));

    private static Interval FromLogs(IReadOnlyList<double> logs, double errorRate)
    {
        var (mean, error, degrees) = MeanAndError(logs);
        if (error is not { } standardError)
        {
            return new Interval(Math.Exp(mean), null, null, logs.Count);
        }

        return RatioInterval(mean, StudentQuantile(degrees, errorRate / 2) * standardError, logs.Count);
    }

    /// <summary>
    /// The ratio interval of a mean log ratio ± <paramref name="half"/>; without bounds where they leave the doubles (a few
    /// rounds at a small share of an error rate): such an interval says nothing a ratio could, and a record cannot hold it.
    /// </summary>
    public static Interval RatioInterval(double mean, double half, int samples)
    {
        var (lower, upper) = (Math.Exp(mean - half), Math.Exp(mean + half));
        return double.IsFinite(upper) && lower > 0
            ? new Interval(Math.Exp(mean), lower, upper, samples)
            : new Interval(Math.Exp(mean), null, null, samples);
    }
}
