using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Statistics;

/// <summary>
/// Turns one cell's round figures into what the tables say: each contender's median events/s with its interval, its
/// paired ratio to the ceiling, the best strategy, and which strategies cannot be told apart from it.
/// </summary>
public static class CellAnalysis
{
    /// <summary>The cell's cases with their intervals, ratios and best/tie marks set.</summary>
    public static IReadOnlyList<CaseResult> Analyse(IReadOnlyList<CaseResult> cell)
    {
        ArgumentNullException.ThrowIfNull(cell);
        var measured = cell.Select(c => c.Failure is null && c.RoundEventsPerSecond.Any(r => r is not null)
            ? c with { EventsPerSecond = RoundStatistics.Median([.. c.RoundEventsPerSecond.OfType<double>()]) }
            : c with { EventsPerSecond = null }).ToArray();
        var ceiling = measured.FirstOrDefault(c => c.IsCeiling && c.EventsPerSecond is not null);
        var best = measured.Where(c => !c.IsCeiling && c.EventsPerSecond is not null).MaxBy(c => c.EventsPerSecond!.Estimate);
        return [.. measured.Select(c => c with
        {
            RatioToCeiling = ceiling is null || c.IsCeiling || c.EventsPerSecond is null ? null : RoundStatistics.PairedRatio(c.RoundEventsPerSecond, ceiling.RoundEventsPerSecond),
            IsBest = best is not null && c.Contender == best.Contender,
            TiedWithBest = best is not null && c.Contender != best.Contender && !c.IsCeiling && c.EventsPerSecond is not null && IsTied(best, c),
        })];
    }

    /// <summary>
    /// Whether a contender cannot be told apart from the best: the paired ratio best / contender has an interval that
    /// reaches 1, or there are too few paired rounds for an interval. One stopped early was separated by that rule.
    /// </summary>
    public static bool IsTied(CaseResult best, CaseResult contender)
    {
        ArgumentNullException.ThrowIfNull(best);
        ArgumentNullException.ThrowIfNull(contender);
        if (contender.StoppedEarly)
        {
            return false;
        }

        var ratio = RoundStatistics.PairedRatio(best.RoundEventsPerSecond, contender.RoundEventsPerSecond);
        return ratio is not { Lower: { } lower } || lower <= 1;
    }

    /// <summary>Whether the cell's best is separable from every other strategy.</summary>
    public static bool HasSeparableWinner(IEnumerable<CaseResult> cell)
    {
        ArgumentNullException.ThrowIfNull(cell);
        var cases = cell.ToArray();
        return cases.Any(c => c.IsBest) && !cases.Any(c => c.TiedWithBest);
    }
}
