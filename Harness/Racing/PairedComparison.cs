using EventCommitLab.Harness.Results;
using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace EventCommitLab.Harness.Racing;

/// <summary>
/// One contender against another over the rounds both ran: the geometric mean of the per-round ratios with its interval
/// (Student's t on the log ratios, at the per-look error rate), and the decision the race takes from it.
/// </summary>
/// <param name="Ratio">Contender over the other; the interval is two-sided at 1 − α/looks; no bounds from fewer than two paired rounds.</param>
public sealed record PairedComparison(Interval Ratio, PairDecision Decision)
{
    /// <summary>The comparison of <paramref name="contender"/> with <paramref name="other"/>; null when no round has both.</summary>
    public static PairedComparison? Of(IReadOnlyList<double?> contender, IReadOnlyList<double?> other, RaceSettings settings)
    {
        ArgumentNullException.ThrowIfNull(contender);
        ArgumentNullException.ThrowIfNull(other);
        ArgumentNullException.ThrowIfNull(settings);
        var logs = contender.Zip(other, (a, b) => a is > 0 && b is > 0 ? Math.Log(a.Value / b.Value) : (double?)null).OfType<double>().ToArray();
        if (logs.Length == 0)
        {
            return null;
        }

        var mean = logs.Average();
        if (logs.Length < 2)
        {
            return new PairedComparison(new Interval(Math.Exp(mean), null, null, 1), PairDecision.Undecided);
        }

        var variance = logs.Sum(x => (x - mean) * (x - mean)) / (logs.Length - 1);
        var standardError = Math.Sqrt(variance / logs.Length);
        var student = new StudentDistribution(logs.Length - 1);
        var alpha = settings.ErrorRatePerLook;
        var twoSided = student.Quantile(1 - alpha / 2) * standardError;
        var oneSided = student.Quantile(1 - alpha) * standardError;
        var margin = settings.LogMargin;
        var decision =
            mean + oneSided < -margin ? PairDecision.Behind
            : mean - oneSided > margin ? PairDecision.Ahead
            : mean - oneSided > -margin && mean + oneSided < margin ? PairDecision.Equivalent
            : mean + twoSided < 0 ? PairDecision.Slower
            : mean - twoSided > 0 ? PairDecision.Faster
            : PairDecision.Undecided;
        return new PairedComparison(new Interval(Math.Exp(mean), Math.Exp(mean - twoSided), Math.Exp(mean + twoSided), logs.Length), decision);
    }
}
