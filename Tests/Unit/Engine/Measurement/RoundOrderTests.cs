using EventCommitLab.Engine.Measurement;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class RoundOrderTests
{
    [Fact]
    public void every_round_measures_every_contender_once()
    {
        for (var round = 0; round < 10; round++)
        {
            Assert.Equal(Enumerable.Range(0, 8), RoundOrder.For(round, 8, seed: 42).Order());
        }
    }

    [Fact]
    public void over_as_many_rounds_as_contenders_each_takes_every_position_once()
    {
        var rounds = Enumerable.Range(0, 8).Select(r => RoundOrder.For(r, 8, seed: 7)).ToArray();

        for (var position = 0; position < 8; position++)
        {
            Assert.Equal(Enumerable.Range(0, 8), rounds.Select(r => r[position]).Order());
        }
    }

    [Fact]
    public void the_order_is_repeatable_for_a_seed_and_differs_between_seeds()
    {
        Assert.Equal(RoundOrder.For(3, 8, seed: 1), RoundOrder.For(3, 8, seed: 1));
        Assert.NotEqual(RoundOrder.For(0, 8, seed: 1), RoundOrder.For(0, 8, seed: 2));
    }

    [Fact]
    public void the_suites_rotation_keeps_the_items_order_and_moves_each_one_place_per_round()
    {
        string[] items = ["a", "b", "c"];

        Assert.Equal(["a", "b", "c"], RoundOrder.Rotated(items, 0));
        Assert.Equal(["b", "c", "a"], RoundOrder.Rotated(items, 1));
        Assert.Equal(["a", "b", "c"], RoundOrder.Rotated(items, 3));
        var seen = Enumerable.Range(0, 3).SelectMany(round => RoundOrder.Rotated(items, round).Select((item, position) => (item, position))).ToList();
        Assert.All(items, item => Assert.Equal([0, 1, 2], seen.Where(s => s.item == item).Select(s => s.position).Order()));
    }
}
