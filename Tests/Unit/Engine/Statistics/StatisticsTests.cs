using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Tests.Engine.Statistics;

public sealed class StatisticsTests
{
    [Fact]
    public void a_clear_winner_is_separable_from_the_runner_up()
    {
        var cell = CellAnalysis.Analyse([SampleRuns.Case("Slow", 1, SampleRuns.Rounds(100)), SampleRuns.Case("Fast", 1, SampleRuns.Rounds(150))]);

        Assert.True(cell.Single(c => c.Contender == "Fast").Race.IsBest);
        Assert.False(cell.Single(c => c.Contender == "Slow").Race.TiedWithBest);
        Assert.True(CellAnalysis.HasSeparableWinner(cell));
    }

    [Fact]
    public void contenders_whose_paired_ratio_reaches_one_are_tied()
    {
        var cell = CellAnalysis.Analyse(
        [
            SampleRuns.Case("A", 1, SampleRuns.Rounds(100, 1.0, 1.04, 0.96, 1.02, 0.98)),
            SampleRuns.Case("B", 1, SampleRuns.Rounds(100, 1.02, 0.97, 1.01, 0.99, 1.03)),
        ]);

        Assert.Single(cell, c => c.Race.IsBest);
        Assert.Single(cell, c => c.Race.TiedWithBest);
        Assert.False(CellAnalysis.HasSeparableWinner(cell));
    }

    [Fact]
    public void a_paired_ratio_cancels_a_drift_that_hits_both_contenders_alike()
    {
        double?[] a = [100, 200, 300, 400, 500];
        double?[] b = [.. a.Select(x => x * 2)];

        var unpairedA = RoundStatistics.Median([.. a.OfType<double>()]);
        var unpairedB = RoundStatistics.Median([.. b.OfType<double>()]);
        var paired = RoundStatistics.PairedRatio(b, a)!;

        Assert.True(unpairedA.Upper > unpairedB.Lower, "the drift makes the two unpaired intervals overlap");
        Assert.Equal(2, paired.Estimate, 9);
        Assert.Equal((2.0, 2.0), (Math.Round(paired.Lower!.Value, 9), Math.Round(paired.Upper!.Value, 9)));
    }

    [Fact]
    public void a_paired_ratio_uses_only_rounds_both_contenders_ran()
    {
        var ratio = RoundStatistics.PairedRatio([100, null, 300], [50, 100, null])!;

        Assert.Equal((2.0, 1), (ratio.Estimate, ratio.Samples));
        Assert.False(ratio.HasBounds);
    }

    [Fact]
    public void a_median_of_known_samples_has_its_estimate_inside_its_interval()
    {
        var median = RoundStatistics.Median([98, 99, 100, 101, 102]);

        Assert.Equal(100, median.Estimate, 6);
        Assert.InRange(median.Lower!.Value, 95, 100);
        Assert.InRange(median.Upper!.Value, 100, 105);
        Assert.True(median.IsWithin(0.15));
    }

    [Fact]
    public void a_contender_that_left_after_the_qualifying_round_is_figured_by_it_and_never_in_the_verdict_set()
    {
        var cell = CellAnalysis.Analyse(
        [
            SampleRuns.Case("Fast", 1, SampleRuns.Rounds(1000)),
            SampleRuns.Case("Hopeless", 1, [null, null, null, null, null], stoppedEarly: true, qualifying: 10, exit: new RaceExit(RaceExitReason.Hopeless, 0)),
        ]);

        var hopeless = cell.Single(c => c.Contender == "Hopeless");
        Assert.False(hopeless.Race.TiedWithBest);
        Assert.Equal((10.0, false), (hopeless.Race.EventsPerSecond!.Estimate, hopeless.Race.EventsPerSecond.HasBounds));
        Assert.True(CellAnalysis.HasSeparableWinner(cell));
    }
}
