using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Reporting;

/// <summary>How far two runs agree: the lab's reproducibility figures.</summary>
/// <param name="RatiosAgreeing">Strategy/ceiling ratios present in both runs that agree within ±15%.</param>
/// <param name="RatiosCompared">Strategy/ceiling ratios present in both runs.</param>
/// <param name="RowsCompared">Rows with a best strategy in both runs.</param>
/// <param name="WinnerDifferences">Rows whose winner, or set of tied contenders, differs.</param>
/// <param name="FullRatiosAgreeing">Of <paramref name="RatiosAgreeing"/>, those of contenders measured in every round in both runs.</param>
/// <param name="FullRatiosCompared">Ratios of contenders measured in every round in both runs (not stopped early).</param>
public sealed record RunAgreement(
    int RatiosAgreeing, int RatiosCompared, int RowsCompared, IReadOnlyList<WinnerDifference> WinnerDifferences, int FullRatiosAgreeing, int FullRatiosCompared)
{
    public const double Tolerance = 0.15;

    public double? RatioShare => RatiosCompared == 0 ? null : (double)RatiosAgreeing / RatiosCompared;

    public double? FullRatioShare => FullRatiosCompared == 0 ? null : (double)FullRatiosAgreeing / FullRatiosCompared;

    /// <summary>Rows where the two runs name winners that cannot both be right: no contender is best or tied in both.</summary>
    public IReadOnlyList<WinnerDifference> Conflicts => [.. WinnerDifferences.Where(d => !d.Overlap)];

    public static RunAgreement Of(RunRecord older, RunRecord newer)
    {
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        var before = older.Cases.Where(c => !c.IsCeiling && c.RatioToCeiling is not null).ToDictionary(c => (c.Cell, c.Contender));
        var pairs = newer.Cases.Where(c => !c.IsCeiling && c.RatioToCeiling is not null && before.ContainsKey((c.Cell, c.Contender)))
            .Select(c => (Old: before[(c.Cell, c.Contender)], New: c))
            .Select(p => (Full: !p.Old.StoppedEarly && !p.New.StoppedEarly, Agrees: Math.Abs(p.New.RatioToCeiling!.Estimate / p.Old.RatioToCeiling!.Estimate - 1) <= Tolerance))
            .ToArray();
        var oldWinners = Winners(older);
        var newWinners = Winners(newer);
        var rows = oldWinners.Keys.Where(newWinners.ContainsKey).OrderBy(r => r.Load).ThenBy(r => r.Method).ThenBy(r => r.NumberOfEvents).ThenBy(r => r.ConcurrentBatches).ToArray();
        return new RunAgreement(
            pairs.Count(p => p.Agrees), pairs.Length, rows.Length,
            [
                .. rows.Where(r => !oldWinners[r].SetEquals(newWinners[r]))
                    .Select(r => new WinnerDifference(r, Describe(oldWinners[r]), Describe(newWinners[r]), oldWinners[r].Overlaps(newWinners[r]))),
            ],
            pairs.Count(p => p.Full && p.Agrees), pairs.Count(p => p.Full));
    }

    /// <summary>Per row, the best strategy alone when separable, else it and every contender tied with it.</summary>
    public static Dictionary<CellKey, SortedSet<string>> Winners(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        return record.Cases.GroupBy(c => c.Cell).Where(g => g.Any(c => c.IsBest))
            .ToDictionary(g => g.Key, g => new SortedSet<string>(g.Where(c => c.IsBest || c.TiedWithBest).Select(c => c.Contender), StringComparer.Ordinal));
    }

    private static string Describe(SortedSet<string> winners) => winners.Count == 1 ? winners.Min! : "tie: " + string.Join(" ≈ ", winners);
}
