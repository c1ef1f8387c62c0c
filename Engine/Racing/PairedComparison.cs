using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Racing;

/// <summary>
/// One contender against another over the rounds both ran: the per-round ratios' trimmed geometric mean with its
/// interval (Yuen's trimmed t on the log ratios), and the decision the race takes from it at an error rate.
/// </summary>
/// <param name="Ratio">
/// Contender over the other; the interval is two-sided at 1 − <paramref name="ErrorRate"/> over the looks (at its look, the
/// level the sequential boundary gives it); no bounds from fewer than two paired rounds.
/// </param>
/// <param name="ErrorRate">The chance, at most, that <paramref name="Decision"/> is wrong: what its row gave this comparison at the look that took it.</param>
public sealed record PairedComparison(Interval Ratio, PairDecision Decision, double ErrorRate)
{
    /// <summary>
    /// The comparison of <paramref name="contender"/> with <paramref name="other"/> at what a lone comparison is given at a
    /// look after the rounds both ran; null when no round has both.
    /// </summary>
    public static PairedComparison? Of(IReadOnlyList<double?> contender, IReadOnlyList<double?> other, RaceSettings settings)
    {
        ArgumentNullException.ThrowIfNull(settings);
        var paired = LogStatistics.PairedLogs(contender, other).Length;
        return paired == 0 ? null : Of(LogStatistics.PairedLogs(contender, other), settings.ErrorRateAt(paired), paired, settings);
    }

    /// <summary>
    /// The comparison of <paramref name="contender"/> with <paramref name="other"/> at <paramref name="errorRate"/>, at the
    /// look after as many race rounds as the lists hold (<see cref="RaceSettings.TestLevel"/>); null when no round has both.
    /// </summary>
    public static PairedComparison? Of(IReadOnlyList<double?> contender, IReadOnlyList<double?> other, double errorRate, RaceSettings settings)
    {
        ArgumentNullException.ThrowIfNull(contender);
        ArgumentNullException.ThrowIfNull(settings);
        var logs = LogStatistics.PairedLogs(contender, other);
        return logs.Length == 0 ? null : Of(logs, errorRate, contender.Count, settings);
    }

    private static PairedComparison Of(double[] logs, double errorRate, int rounds, RaceSettings settings)
    {
        var (mean, error, degrees) = LogStatistics.MeanAndError(logs);
        if (error is not { } standardError || !(errorRate > 0))
        {
            return new PairedComparison(new Interval(Math.Exp(mean), null, null, logs.Length), PairDecision.Undecided, errorRate);
        }

        var logMargin = settings.LogMargin;
        var twoSided = LogStatistics.StudentQuantile(degrees, settings.TestLevel(errorRate / 2, rounds)) * standardError;
        var oneSided = LogStatistics.StudentQuantile(degrees, settings.TestLevel(errorRate, rounds)) * standardError;
        // The margin decides first: a ratio shown within it is equivalent even where it is also separably below 1.
        var decision =
            mean + oneSided < -logMargin ? PairDecision.Behind
            : mean - oneSided > logMargin ? PairDecision.Ahead
            : mean - oneSided > -logMargin && mean + oneSided < logMargin ? PairDecision.Equivalent
            : mean + twoSided < 0 ? PairDecision.Slower
            : mean - twoSided > 0 ? PairDecision.Faster
            : PairDecision.Undecided;
        return new PairedComparison(LogStatistics.RatioInterval(mean, twoSided, logs.Length), decision, errorRate);
    }

    /// <summary>Whether the decision puts the contender below the other: separably slower, or behind by more than the margin.</summary>
    public bool ShowsSlower => Decision is PairDecision.Slower or PairDecision.Behind;
}
