using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Racing;

/// <summary>
/// One contender against another over the rounds both ran: the per-round ratios' trimmed geometric mean with its
/// interval (Yuen's trimmed t on the log ratios, at the error rate the look after that many rounds may spend), and the
/// decision the race takes from it.
/// </summary>
/// <param name="Ratio">Contender over the other; the interval is two-sided at 1 − the look's share of α; no bounds from fewer than two paired rounds.</param>
public sealed record PairedComparison(Interval Ratio, PairDecision Decision)
{
    /// <summary>The comparison of <paramref name="contender"/> with <paramref name="other"/>; null when no round has both.</summary>
    public static PairedComparison? Of(IReadOnlyList<double?> contender, IReadOnlyList<double?> other, RaceSettings settings)
    {
        ArgumentNullException.ThrowIfNull(settings);
        var logs = LogStatistics.PairedLogs(contender, other);
        if (logs.Length == 0)
        {
            return null;
        }

        var (mean, error, degrees) = LogStatistics.MeanAndError(logs);
        if (error is not { } standardError)
        {
            return new PairedComparison(new Interval(Math.Exp(mean), null, null, 1), PairDecision.Undecided);
        }

        var alpha = settings.ErrorRateAt(logs.Length);
        var twoSided = LogStatistics.StudentQuantile(degrees, alpha / 2) * standardError;
        var oneSided = LogStatistics.StudentQuantile(degrees, alpha) * standardError;
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
