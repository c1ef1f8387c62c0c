using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Tests.Engine.Racing;

public sealed class SequentialBoundaryTests
{
    private static readonly int[] PlannedLooks = [6, 12, 24, 48];

    [Theory]
    [InlineData(0.05)]
    [InlineData(0.01)]
    [InlineData(0.0005)]
    public void the_chance_of_crossing_by_each_look_is_the_error_rate_times_the_rounds_run_so_far(double errorRate)
    {
        var levels = SequentialBoundary.Levels(errorRate, PlannedLooks, 48);
        var boundaries = levels.Select((l, i) => Quantile(l) * Math.Sqrt(PlannedLooks[i])).ToArray();
        var random = new Random(20261203);
        const int Paths = 400_000;
        var crossedBy = new int[PlannedLooks.Length];
        for (var path = 0; path < Paths; path++)
        {
            var (sum, previous) = (0.0, 0);
            for (var i = 0; i < PlannedLooks.Length; i++)
            {
                sum += Gaussian(random) * Math.Sqrt(PlannedLooks[i] - previous);
                previous = PlannedLooks[i];
                if (sum >= boundaries[i])
                {
                    for (var j = i; j < PlannedLooks.Length; j++)
                    {
                        crossedBy[j]++;
                    }

                    break;
                }
            }
        }

        for (var i = 0; i < PlannedLooks.Length; i++)
        {
            var expected = errorRate * PlannedLooks[i] / 48;
            var tolerance = 4 * Math.Sqrt(expected * (1 - expected) / Paths);
            Assert.InRange(crossedBy[i] / (double)Paths, expected - tolerance, expected + tolerance);
        }
    }

    [Fact]
    public void every_look_after_the_first_tests_at_more_than_its_share_of_the_rounds_and_the_first_at_its_share()
    {
        var levels = SequentialBoundary.Levels(0.05, PlannedLooks, 48);

        Assert.Equal(0.05 * 6 / 48, levels[0], 10);
        Assert.True(levels[1] > 0.05 * 6 / 48);
        Assert.True(levels[2] > 0.05 * 12 / 48);
        // The last look's level, as an independent integration (Simpson over 201 points, in Python) put it: 0.672 of α.
        Assert.InRange(levels[3] / 0.05, 0.665, 0.68);
        Assert.True(levels[3] < 0.05);
    }

    [Theory]
    [InlineData(0.05)]
    [InlineData(0.0123)]
    [InlineData(0.000_37)]
    public void the_level_a_race_uses_never_exceeds_the_exact_one_and_falls_short_of_it_by_little(double errorRate)
    {
        foreach (var looks in new[] { PlannedLooks, [6, 12, 20], [6, 12, 24, 48] })
        {
            var exact = SequentialBoundary.Levels(errorRate, looks, 48)[^1];
            var used = SequentialBoundary.Level(errorRate, looks, 48);

            Assert.InRange(used, exact * 0.99, exact);
        }
    }

    [Fact]
    public void a_larger_error_rate_tests_at_a_larger_level_over_the_error_rate_so_rounding_it_down_is_safe()
    {
        var scales = new[] { 1e-5, 1e-4, 1e-3, 0.01, 0.05 }.Select(a => SequentialBoundary.Levels(a, PlannedLooks, 48)[^1] / a).ToArray();

        Assert.Equal(scales.Order(), scales);
    }

    [Fact]
    public void the_sequential_boundary_tests_every_look_at_least_at_the_level_the_per_look_split_did()
    {
        var sequential = RaceSettings.Default(48);
        var perLook = sequential with { Spending = ErrorSpending.PerLook };
        foreach (var rounds in new[] { 6, 12, 20, 24, 36, 48 })
        {
            var before = perLook.TestLevel(perLook.LookErrorRate(rounds, 3) / 3, rounds);
            var now = sequential.TestLevel(sequential.LookErrorRate(rounds, 3) / 3, rounds);

            Assert.True(now >= before, $"after {rounds} rounds: {now} against {before}");
        }
    }

    [Theory]
    [InlineData(0.0)]
    [InlineData(1.0)]
    [InlineData(3.0)]
    [InlineData(5.0)]
    [InlineData(8.0)]
    public void the_normal_tail_is_accurate_far_out(double x)
    {
        // Q(x) from the tables (Abramowitz and Stegun 26.2): relative accuracy, not absolute, is what a tiny share needs.
        var table = new Dictionary<double, double> { [0.0] = 0.5, [1.0] = 0.158655253931457, [3.0] = 1.349898031630095e-3, [5.0] = 2.866515718791939e-7, [8.0] = 6.220960574271784e-16 };

        Assert.Equal(1, NormalTail.Upper(x) / table[x], 9);
    }

    private static double Quantile(double upper)
    {
        var (low, high) = (-10.0, 40.0);
        for (var i = 0; i < 200; i++)
        {
            var middle = (low + high) / 2;
            (low, high) = NormalTail.Upper(middle) > upper ? (middle, high) : (low, middle);
        }

        return high;
    }

    private static double Gaussian(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
