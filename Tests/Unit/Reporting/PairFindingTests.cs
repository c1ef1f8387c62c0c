using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;

namespace EventCommitLab.Tests.Reporting;

public sealed class PairFindingTests
{
    private static PairFinding Finding(double lower, double upper, PairDecision decision) =>
        new(new Interval(Math.Sqrt(lower * upper), lower, upper, 24), decision);

    [Fact]
    public void within_the_margin_in_one_run_and_separably_slower_within_it_in_the_other_do_not_contradict()
    {
        Assert.False(PairFinding.Contradict(Finding(0.93, 1.05, PairDecision.Equivalent), Finding(0.87, 0.98, PairDecision.Slower)));
        Assert.False(PairFinding.Contradict(Finding(0.87, 0.98, PairDecision.Slower), Finding(0.93, 1.05, PairDecision.Equivalent)));
    }

    [Fact]
    public void intervals_apart_contradict_whatever_was_decided_from_them()
    {
        Assert.True(PairFinding.Contradict(Finding(0.99, 1.09, PairDecision.Undecided), Finding(0.85, 0.96, PairDecision.Slower)));
    }

    [Fact]
    public void within_the_margin_against_more_than_the_margin_apart_contradict_even_where_the_intervals_touch()
    {
        Assert.True(PairFinding.Contradict(Finding(0.89, 1.02, PairDecision.Equivalent), Finding(0.80, 0.90, PairDecision.Behind)));
    }

    [Fact]
    public void separated_in_opposite_orders_contradict()
    {
        Assert.True(PairFinding.Contradict(Finding(0.95, 0.99, PairDecision.Slower), Finding(1.01, 1.05, PairDecision.Faster)));
    }

    [Fact]
    public void a_finding_without_bounds_cannot_be_weighed_and_contradicts()
    {
        var oneRound = new PairFinding(new Interval(0.97, null, null, 1), null);

        Assert.True(PairFinding.Contradict(oneRound, Finding(0.87, 0.98, PairDecision.Slower)));
    }

    [Fact]
    public void the_inverse_reads_the_pair_the_other_way_round()
    {
        var inverse = Finding(0.80, 0.90, PairDecision.Behind).Inverse();

        Assert.Equal((1 / 0.90, 1 / 0.80, PairDecision.Ahead), (inverse.Ratio.Lower!.Value, inverse.Ratio.Upper!.Value, inverse.Decision));
    }
}
