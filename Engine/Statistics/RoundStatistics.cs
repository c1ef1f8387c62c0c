using EventCommitLab.Engine.Results;
using Perfolizer.Mathematics.Common;
using Perfolizer.Mathematics.QuantileEstimators;
using Sample = Pragmastat.Sample;

namespace EventCommitLab.Engine.Statistics;

/// <summary>
/// The lab's statistics over rounds, from BenchmarkDotNet's own statistics library: the Harrell-Davis median and its
/// Maritz-Jarrett confidence interval, which assume no distribution (round figures on a shared machine are skewed).
/// </summary>
public static class RoundStatistics
{
    public const double Level = 0.95;

    /// <summary>The median of the samples with its 95% interval; no bounds from fewer than two samples.</summary>
    public static Interval Median(IReadOnlyCollection<double> samples)
    {
        ArgumentNullException.ThrowIfNull(samples);
        if (samples.Count == 0)
        {
            throw new ArgumentException("A median needs at least one sample.", nameof(samples));
        }

        if (samples.Count == 1)
        {
            return new Interval(samples.First(), null, null, 1);
        }

        if (samples.Distinct().Count() == 1)
        {
            // No spread: the estimator's standard error is zero and its bounds are not numbers.
            return new Interval(samples.First(), samples.First(), samples.First(), samples.Count);
        }

        var estimator = HarrellDavisQuantileEstimator.Instance.QuantileConfidenceIntervalEstimator(new Sample([.. samples]), 0.5);
        var interval = estimator.ConfidenceInterval(ConfidenceLevel.L95);
        return double.IsFinite(interval.Lower) && double.IsFinite(interval.Upper)
            ? new Interval(interval.Estimation, interval.Lower, interval.Upper, samples.Count)
            : new Interval(interval.Estimation, null, null, samples.Count);
    }

    /// <summary>
    /// The ratio numerator / denominator computed round by round (paired: both measured in the same round, so a slow
    /// minute of the machine hits both) and summarised as a median with its interval; null when no round has both.
    /// </summary>
    public static Interval? PairedRatio(IReadOnlyList<double?> numerators, IReadOnlyList<double?> denominators)
    {
        ArgumentNullException.ThrowIfNull(numerators);
        ArgumentNullException.ThrowIfNull(denominators);
        var ratios = numerators.Zip(denominators, (numerator, denominator) => (Numerator: numerator, Denominator: denominator))
            .Where(p => p.Numerator is > 0 && p.Denominator is > 0)
            .Select(p => p.Numerator!.Value / p.Denominator!.Value)
            .ToArray();
        return ratios.Length == 0 ? null : Median(ratios);
    }

    /// <summary>
    /// The ratio of two medians measured in different cells (not paired: other minutes of the machine), with the
    /// conservative interval [low / high, high / low] of their intervals; null when the denominator is not positive.
    /// </summary>
    public static Interval? AcrossCells(Interval? numerator, Interval? denominator)
    {
        if (numerator is not { } a || denominator is not { } b || b.Estimate <= 0)
        {
            return null;
        }

        return a.HasBounds && b.HasBounds && b.Lower > 0
            ? new Interval(a.Estimate / b.Estimate, a.Lower / b.Upper, a.Upper / b.Lower, Math.Min(a.Samples, b.Samples))
            : new Interval(a.Estimate / b.Estimate, null, null, Math.Min(a.Samples, b.Samples));
    }
}
