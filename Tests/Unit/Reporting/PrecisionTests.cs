using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class PrecisionTests
{
    private static readonly double[] Drift = [0.10, -0.20, 0.05, 0.30, -0.15, 0.00, -0.10, 0.20];

    private static Precision Of(Func<double, double> first, Func<double, double> second)
    {
        double?[] Rounds(Func<double, double> log) => [.. Drift.Select(x => (double?)(1000 * Math.Exp(log(x))))];
        var cases = new[] { SampleRuns.Case("Pipeline", 10, Rounds(first)), SampleRuns.Case("Sequence", 10, Rounds(second)) };
        return Precision.Of(new RunRecord(SampleRuns.Environment, SampleVerdicts.Claims, cases, [], []));
    }

    [Fact]
    public void two_contenders_moving_together_share_all_their_noise_and_their_ratio_none_of_it()
    {
        var precision = Of(x => x, x => x + Math.Log(2));

        Assert.Equal(1, precision.SharedNoise!.Value, 9);
        Assert.Equal(0, precision.PairedSpread!.Value, 9);
    }

    [Fact]
    public void a_contender_whose_noise_is_its_own_shares_none_and_one_moving_against_the_other_shares_less_than_none()
    {
        Assert.Equal(0, Of(x => x, _ => 0).SharedNoise!.Value, 9);
        Assert.Equal(-1, Of(x => x, x => -x).SharedNoise!.Value, 9);
    }

    [Fact]
    public void a_run_that_mirrored_some_cells_states_the_spread_of_those_cells_and_of_the_others_apart_and_a_run_that_mirrored_none_does_not()
    {
        double?[] Rounds(double scale) => [.. Drift.Select(x => (double?)(1000 * Math.Exp(scale * x)))];
        CaseResult[] Cell(int committers, double scale) => [SampleRuns.Case("Pipeline", committers, Rounds(scale)), SampleRuns.Case("Sequence", committers, Rounds(0))];
        var cases = Cell(10, 1).Concat(Cell(100, 3)).ToArray();
        var mirrored = SampleRuns.Environment with { Measurement = SampleRuns.Environment.Measurement with { MirroredBelowCommitters = 100 } };

        var (inMirrored, inWhole) = Precision.Of(new RunRecord(mirrored, SampleVerdicts.Claims, cases, [], [])).MirroredSpread!.Value;

        Assert.Equal(3 * inMirrored!.Value, inWhole!.Value, 9);
        Assert.Null(Precision.Of(new RunRecord(SampleRuns.Environment, SampleVerdicts.Claims, cases, [], [])).MirroredSpread);
    }
}
