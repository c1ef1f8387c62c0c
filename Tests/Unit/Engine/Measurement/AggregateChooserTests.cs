using EventCommitLab.Engine.Measurement;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class AggregateChooserTests
{
    private const int Draws = 100_000;

    [Fact]
    public void without_skew_every_aggregate_is_drawn_about_as_often()
    {
        var counts = Count(new AggregateChooser(10, skew: 0, seed: 1), 10);

        Assert.All(counts, c => Assert.InRange(c, Draws / 10 * 0.95, Draws / 10 * 1.05));
    }

    [Fact]
    public void with_a_zipf_skew_the_kth_aggregate_is_drawn_in_proportion_to_one_over_k_to_the_skew()
    {
        const double skew = 1.0;
        var counts = Count(new AggregateChooser(10, skew, seed: 1), 10);
        var harmonic = Enumerable.Range(1, 10).Sum(k => 1 / Math.Pow(k, skew));

        for (var k = 0; k < 10; k++)
        {
            var expected = Draws / Math.Pow(k + 1, skew) / harmonic;
            Assert.InRange(counts[k], expected * 0.9, expected * 1.1);
        }

        Assert.True(counts[0] > 3 * counts[9]);
    }

    [Fact]
    public void the_same_seed_draws_the_same_sequence_and_another_seed_another()
    {
        static int[] Draw(int seed)
        {
            var chooser = new AggregateChooser(50, skew: 1.2, seed);
            return [.. Enumerable.Range(0, 200).Select(_ => chooser.Next())];
        }

        Assert.Equal(Draw(7), Draw(7));
        Assert.NotEqual(Draw(7), Draw(8));
    }

    [Theory]
    [InlineData(0, 0.0)]
    [InlineData(5, -1.0)]
    [InlineData(5, double.NaN)]
    public void refuses_no_aggregates_and_a_negative_or_undefined_skew(int count, double skew) =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new AggregateChooser(count, skew, seed: 1));

    private static int[] Count(AggregateChooser chooser, int aggregates)
    {
        var counts = new int[aggregates];
        for (var i = 0; i < Draws; i++)
        {
            counts[chooser.Next()]++;
        }

        return counts;
    }
}
