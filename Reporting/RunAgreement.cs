using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// How far two runs' figures agree: the strategy/ceiling ratios they share, within ±15% of each other. (How far their
/// verdicts agree is <see cref="VerdictAgreement"/>'s, counted on decisions.)
/// </summary>
/// <param name="RatiosAgreeing">Strategy/ceiling ratios present in both runs that agree within ±15%.</param>
/// <param name="RatiosCompared">Strategy/ceiling ratios present in both runs.</param>
/// <param name="FullRatiosAgreeing">Of <paramref name="RatiosAgreeing"/>, those of contenders measured in every round in both runs.</param>
/// <param name="FullRatiosCompared">Ratios of contenders measured in every round in both runs (not stopped early).</param>
public sealed record RunAgreement(int RatiosAgreeing, int RatiosCompared, int FullRatiosAgreeing, int FullRatiosCompared)
{
    public const double Tolerance = 0.15;

    public double? RatioShare => RatiosCompared == 0 ? null : (double)RatiosAgreeing / RatiosCompared;

    public double? FullRatioShare => FullRatiosCompared == 0 ? null : (double)FullRatiosAgreeing / FullRatiosCompared;

    public static RunAgreement Of(RunRecord older, RunRecord newer)
    {
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        var before = older.Cases.Where(c => !c.IsCeiling && c.Race.RatioToCeiling is not null).ToDictionary(c => (c.Cell, c.Contender));
        var pairs = newer.Cases.Where(c => !c.IsCeiling && c.Race.RatioToCeiling is not null && before.ContainsKey((c.Cell, c.Contender)))
            .Select(c => (Old: before[(c.Cell, c.Contender)], New: c))
            .Select(p => (Full: !p.Old.Race.StoppedEarly && !p.New.Race.StoppedEarly, Agrees: Math.Abs(p.New.Race.RatioToCeiling!.Estimate / p.Old.Race.RatioToCeiling!.Estimate - 1) <= Tolerance))
            .ToArray();
        return new RunAgreement(pairs.Count(p => p.Agrees), pairs.Length, pairs.Count(p => p.Full && p.Agrees), pairs.Count(p => p.Full));
    }
}
