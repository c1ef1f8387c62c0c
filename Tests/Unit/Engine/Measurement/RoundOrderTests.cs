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
    public void over_the_rounds_every_contender_takes_every_place_and_follows_every_other()
    {
        var rounds = Enumerable.Range(0, 200).Select(r => RoundOrder.For(r, 8, seed: 7)).ToArray();

        for (var contender = 0; contender < 8; contender++)
        {
            Assert.Equal(Enumerable.Range(0, 8), rounds.Select(r => r.ToList().IndexOf(contender)).Distinct().Order());
            var predecessors = rounds.Select(r => r.ToList().IndexOf(contender)).Zip(rounds, (place, r) => place == 0 ? -1 : r[place - 1]).Where(p => p >= 0).Distinct();
            Assert.Equal(Enumerable.Range(0, 8).Where(other => other != contender), predecessors.Order());
        }
    }

    [Fact]
    public void a_mirrored_round_runs_its_order_then_the_same_in_reverse()
    {
        var order = RoundOrder.For(2, 5, seed: 3);

        var mirrored = RoundOrder.Mirrored(order);

        Assert.Equal(order, mirrored.Take(5));
        Assert.Equal(order.Reverse(), mirrored.Skip(5));
    }

    [Fact]
    public void a_mirrored_rounds_figure_is_the_mean_of_its_halves_and_nothing_when_either_failed()
    {
        Assert.Equal(150, RoundOrder.MirroredFigure(100, 200));
        Assert.Null(RoundOrder.MirroredFigure(null, 200));
        Assert.Null(RoundOrder.MirroredFigure(100, null));
    }

    [Fact]
    public void a_cells_seed_is_the_same_in_every_process()
    {
        // FNV-1a of "abc", as published: not a hash the runtime randomises per process.
        Assert.Equal(0x1A47E90B, RoundOrder.StableSeed("abc"));
        Assert.NotEqual(RoundOrder.StableSeed("waves CommitEvents 1 events x 1 concurrent"), RoundOrder.StableSeed("waves CommitEvents 1 events x 10 concurrent"));
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
