using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Tests.Engine.Statistics;

public sealed class NonNegativeLeastSquaresTests
{
    [Fact]
    public void coefficients_that_fit_exactly_are_found_whatever_their_scales()
    {
        double[][] rows = [[1, 10, 1000], [1, 20, 3000], [1, 5, 8000], [1, 40, 500], [1, 13, 12000]];
        double[] truth = [0.2, 0.005, 0.0001];
        var targets = rows.Select(r => r.Zip(truth, (a, c) => a * c).Sum()).ToArray();

        var fitted = NonNegativeLeastSquares.Solve(rows, targets);

        for (var j = 0; j < truth.Length; j++)
        {
            Assert.Equal(truth[j], fitted[j], 9);
        }
    }

    [Fact]
    public void a_coefficient_an_unconstrained_fit_would_make_negative_is_held_at_zero_and_the_others_refitted()
    {
        // The second feature only lowers the targets: unconstrained, its coefficient is negative.
        double[][] rows = [[1, 0], [1, 1], [1, 2], [1, 3]];
        double[] targets = [3, 2, 1, 0];

        var fitted = NonNegativeLeastSquares.Solve(rows, targets);

        Assert.Equal(0, fitted[1]);
        Assert.Equal(1.5, fitted[0], 9);
    }
}
