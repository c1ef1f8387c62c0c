using Perfolizer.Mathematics.Distributions.ContinuousDistributions;

namespace EventCommitLab.Engine.Racing;

/// <summary>
/// Whether an open pair can still be decided by the last round a race can run: the chance, given its rounds so far,
/// that the look at that round shows it equivalent or separable. A pair is open while its interval is too wide for
/// either; once the interval is narrower than the margin (both one-sided bounds within ±ε and the two-sided interval
/// off zero cannot both fail), every pair decides, so the chance is one. Before that, the pair stays open if its final
/// estimate lands in the band between the two, and the chance is what lies outside that band of the estimate's
/// predictive distribution: centred on today's estimate, as wide as the rounds still to come can move it (with a
/// flat prior, today's standard error times √((H − n) / H)). A race is futile only where this chance is small, not
/// where today's estimate alone would miss: a pair of equal contenders whose first rounds happened to sit apart is
/// given the rounds that would decide it.
/// </summary>
public static class Decidability
{
    /// <summary>Below this chance of being decided by the horizon, an open pair makes its group's race futile.</summary>
    public const double FutileBelow = 0.05;

    /// <summary>
    /// From this chance of being shown equivalent by the horizon on, a contender separably slower than its leader but not
    /// shown beyond the margin races on (<see cref="ChanceEquivalentBy"/>): the margin decides the row's kind, so a rival
    /// that may still be shown within it is given the rounds that would show it, where another run of the row, given
    /// those rounds, would put it in the set.
    /// </summary>
    public const double PursueEquivalenceFrom = 0.1;

    /// <summary>The chance that the pair whose paired log ratios are <paramref name="logs"/> is decided at the look after <paramref name="horizon"/> rounds, at <paramref name="errorRate"/>.</summary>
    public static double ChanceDecidedBy(IReadOnlyList<double> logs, int horizon, double errorRate, RaceSettings settings) =>
        Project(logs, horizon, errorRate, settings) is not { } projection ? 1
        : projection.EquivalentBelow >= projection.SeparableAbove ? 1
        : Math.Clamp(projection.Equivalent + projection.Separable, 0, 1);

    /// <summary>
    /// The chance that the pair whose paired log ratios are <paramref name="logs"/> is shown equivalent at the look after
    /// <paramref name="horizon"/> rounds at <paramref name="errorRate"/>: the share of the final estimate's predictive
    /// distribution (as above) that lies inside the band both one-sided tests would then accept.
    /// </summary>
    public static double ChanceEquivalentBy(IReadOnlyList<double> logs, int horizon, double errorRate, RaceSettings settings)
    {
        ArgumentNullException.ThrowIfNull(logs);
        ArgumentNullException.ThrowIfNull(settings);
        if (Project(logs, horizon, errorRate, settings) is { } projection)
        {
            return Math.Clamp(projection.Equivalent, 0, 1);
        }

        // Nothing to project from: without spread the estimate is all there is.
        return logs.Count > 0 && Math.Abs(LogStatistics.MeanAndError(logs).Mean) < settings.LogMargin && horizon > logs.Count ? 1 : 0;
    }

    /// <summary>Where the look at the horizon would decide, and the predictive chances of each; null with nothing to project from.</summary>
    private static DecisionProjection? Project(IReadOnlyList<double> logs, int horizon, double alpha, RaceSettings settings)
    {
        ArgumentNullException.ThrowIfNull(logs);
        ArgumentNullException.ThrowIfNull(settings);
        var n = logs.Count;
        var (mean, error, _) = LogStatistics.MeanAndError(logs);
        if (error is not { } standardError || standardError <= 0)
        {
            // Fewer than two rounds, or no spread at all: nothing to project from, so nothing to give up on.
            return null;
        }

        if (horizon <= n)
        {
            return new DecisionProjection(0, double.PositiveInfinity, 0, 0);
        }

        var atHorizon = standardError * Math.Sqrt(n) / Math.Sqrt(horizon);
        var degrees = LogStatistics.Degrees(horizon);
        var equivalentBelow = settings.LogMargin - (LogStatistics.StudentQuantile(degrees, settings.TestLevel(alpha, horizon)) * atHorizon);
        var separableAbove = LogStatistics.StudentQuantile(degrees, settings.TestLevel(alpha / 2, horizon)) * atHorizon;
        var final = new NormalDistribution(mean, standardError * Math.Sqrt((horizon - n) / (double)horizon));
        var equivalent = equivalentBelow > 0 ? final.Cdf(equivalentBelow) - final.Cdf(-equivalentBelow) : 0;
        var separable = final.Cdf(-separableAbove) + (1 - final.Cdf(separableAbove));
        return new DecisionProjection(equivalentBelow, separableAbove, equivalent, separable);
    }

    /// <summary>
    /// The fewest rounds after which a pair of this spread decides whatever its estimate (the interval narrower than the
    /// margin, as above), as a row's last open comparison (the whole of a look's share), up to <paramref name="limit"/>;
    /// null when even that many would not do.
    /// </summary>
    /// <param name="spread">The standard deviation of the pair's per-round log ratio.</param>
    public static int? RoundsToDecideAnyPair(double spread, RaceSettings settings, int limit = 1000)
    {
        ArgumentNullException.ThrowIfNull(settings);
        for (var rounds = RaceSettings.FirstLook; rounds <= limit; rounds++)
        {
            var error = spread / Math.Sqrt(rounds);
            var degrees = LogStatistics.Degrees(rounds);
            var alpha = settings.ErrorRateAt(Math.Min(rounds, settings.MaximumRounds));
            var (oneSided, twoSided) = (settings.TestLevel(alpha, rounds), settings.TestLevel(alpha / 2, rounds));
            if (LogStatistics.StudentQuantile(degrees, oneSided) * error + (LogStatistics.StudentQuantile(degrees, twoSided) * error) <= settings.LogMargin)
            {
                return rounds;
            }
        }

        return null;
    }
}
