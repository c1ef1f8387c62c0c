using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// What one run found of one strategy against another: the ratio's interval and the decision taken from it (none where
/// the run only had a standing without one). Two runs' findings on the same pair are what a comparison weighs when
/// their choices differ.
/// </summary>
public sealed record PairFinding(Interval Ratio, PairDecision? Decision)
{
    /// <summary>The same finding read the other way round (the other strategy against this one).</summary>
    public PairFinding Inverse() => new(
        new Interval(1 / Ratio.Estimate, 1 / Ratio.Upper, 1 / Ratio.Lower, Ratio.Samples),
        Decision switch
        {
            PairDecision.Slower => PairDecision.Faster,
            PairDecision.Faster => PairDecision.Slower,
            PairDecision.Behind => PairDecision.Ahead,
            PairDecision.Ahead => PairDecision.Behind,
            var same => same,
        });

    /// <summary>
    /// Whether two runs' findings on one pair cannot both hold: their intervals lie apart (one run's noise does not reach
    /// the other's estimate range), or one shows the pair within the margin where the other shows it more than the margin
    /// apart, or they separate it in opposite orders. A pair within the margin in one run and separably (but not more than
    /// the margin) apart in the other is not a contradiction: the second refines the first. A finding without bounds
    /// cannot be weighed, so it contradicts whatever the other says apart from it.
    /// </summary>
    public static bool Contradict(PairFinding one, PairFinding other)
    {
        ArgumentNullException.ThrowIfNull(one);
        ArgumentNullException.ThrowIfNull(other);
        if (!one.Ratio.HasBounds || !other.Ratio.HasBounds)
        {
            return true;
        }

        var apart = one.Ratio.Lower > other.Ratio.Upper || other.Ratio.Lower > one.Ratio.Upper;
        return apart || Opposed(one.Decision, other.Decision) || Opposed(other.Decision, one.Decision);
    }

    private static bool Opposed(PairDecision? one, PairDecision? other) =>
        (one, other) switch
        {
            (PairDecision.Equivalent, PairDecision.Behind or PairDecision.Ahead) => true,
            (PairDecision.Slower or PairDecision.Behind, PairDecision.Faster or PairDecision.Ahead) => true,
            _ => false,
        };
}
