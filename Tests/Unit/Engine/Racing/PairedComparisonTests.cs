using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Tests.Engine.Racing;

public sealed class PairedComparisonTests
{
    private static readonly RaceSettings Settings = RaceSettings.Default(48);

    [Fact]
    public void an_interval_from_two_rounds_at_a_tiny_share_of_the_error_rate_has_no_bounds_instead_of_infinite_ones()
    {
        // Two paired rounds far apart: one degree of freedom, whose quantile at a millionth runs past what exp can hold.
        var comparison = PairedComparison.Of([1000.0, 100.0], [10.0, 1000.0], 1e-9, Settings)!;

        Assert.False(comparison.Ratio.HasBounds);
        Assert.True(double.IsFinite(comparison.Ratio.Estimate));
        Assert.Equal(PairDecision.Undecided, comparison.Decision);
    }

    [Fact]
    public void an_interval_within_the_doubles_keeps_its_bounds()
    {
        var comparison = PairedComparison.Of([100.0, 101.0, 99.0, 100.0], [100.0, 100.0, 100.0, 101.0], 0.05, Settings)!;

        Assert.True(comparison.Ratio.HasBounds);
        Assert.True(comparison.Ratio.Lower < comparison.Ratio.Estimate && comparison.Ratio.Estimate < comparison.Ratio.Upper);
    }
}
