using System.Diagnostics;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Tests.Engine.Measurement;

/// <summary>The one race loop the main job and the suites share: who runs when, and when it stops.</summary>
public sealed class RaceRunnerTests
{
    [Fact]
    public async Task the_qualifying_round_comes_first_then_every_entrant_still_running_once_per_round_until_the_verdict()
    {
        var race = new Race([new RaceEntrant("fast", [SyntheticRace.Group]), new RaceEntrant("slow", [SyntheticRace.Group])], [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.ForSuite(12));
        var turns = new List<(string Name, bool Qualifying)>();
        var rounds = new List<int>();
        var random = new Random(3);
        var runner = new RaceRunner(race, (name, qualifying) =>
        {
            turns.Add((name, qualifying));
            return Task.FromResult<double?>((name == "fast" ? 200 : 100) * Math.Exp(0.02 * SyntheticRace.Normal(random)));
        }, seed: 5, rounds.Add);

        await runner.QualifyAsync(TestContext.Current.CancellationToken);
        await runner.RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal([(false, true), (true, true)], turns.Take(2).Select(t => (t.Name == "fast", t.Qualifying)).Order());
        Assert.All(turns.Skip(2), t => Assert.False(t.Qualifying));
        Assert.Equal([0, 1, 2, 3, 4, 5, 6], rounds);
        Assert.Equal((RaceEnd.Decided, 6), (race.End, race.Rounds));
        Assert.Equal(RaceExitReason.Behind, race.Exits["slow"].Reason);
        Assert.Equal(2 + 2 * 6, turns.Count);
    }

    [Fact]
    public async Task a_mirrored_race_round_takes_two_half_turns_of_every_entrant_the_second_pass_in_reverse_and_records_their_mean()
    {
        var race = new Race(
            [new RaceEntrant("a", [SyntheticRace.Group]), new RaceEntrant("b", [SyntheticRace.Group]), new RaceEntrant("c", [SyntheticRace.Group])],
            [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.ForSuite(6));
        var whole = new List<string>();
        var halves = new List<string>();
        var runner = new RaceRunner(
            race,
            (name, _) =>
            {
                whole.Add(name);
                return Task.FromResult<double?>(100);
            },
            seed: 4,
            halfTurn: name =>
            {
                halves.Add(name);
                // Each entrant's first half of a round runs at 100, its second at 300: the round's figure is 200.
                return Task.FromResult<double?>(halves.Count(h => h == name) % 2 == 1 ? 100 : 300);
            });

        await runner.QualifyAsync(TestContext.Current.CancellationToken);
        await runner.RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(3, whole.Count);
        Assert.Equal(race.Rounds * 6, halves.Count);
        foreach (var round in halves.Chunk(6))
        {
            Assert.Equal(round.Take(3), round.Skip(3).Reverse());
            Assert.Equal(["a", "b", "c"], round.Take(3).Order());
        }

        Assert.All(["a", "b", "c"], name => Assert.All(race.RoundsOf(name), figure => Assert.Equal(200, figure)));
    }

    [Fact]
    public async Task a_pinned_entrant_runs_every_round_to_the_end_however_far_behind_while_unpinned_losers_leave()
    {
        var race = new Race(
            [new RaceEntrant("a", [SyntheticRace.Group]), new RaceEntrant("b", [SyntheticRace.Group]), new RaceEntrant("peer", [SyntheticRace.Group], Pinned: true),
             new RaceEntrant("loser", [SyntheticRace.Group]), new RaceEntrant("hopeless", [SyntheticRace.Group])],
            [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.Default(12));
        var random = new Random(2);
        var levels = new Dictionary<string, double> { ["a"] = 100, ["b"] = 100, ["peer"] = 10, ["loser"] = 60, ["hopeless"] = 10 };
        var runner = new RaceRunner(race, (name, _) => Task.FromResult<double?>(levels[name] * Math.Exp(0.1 * SyntheticRace.Normal(random))), seed: 6);

        await runner.QualifyAsync(TestContext.Current.CancellationToken);
        await runner.RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal((RaceExitReason.Hopeless, 1), (race.Exits["hopeless"].Reason, race.Exits["hopeless"].AfterRounds));
        Assert.Equal((RaceExitReason.Behind, 6), (race.Exits["loser"].Reason, race.Exits["loser"].AfterRounds));
        Assert.False(race.Exits.ContainsKey("peer"));
        Assert.Equal(race.Rounds, race.RoundsOf("peer").Count(r => r is not null));
        Assert.True(race.Rounds > race.Settings.Looks[0], "a and b, equal and noisy, are not decided at the first look");
        Assert.Equal(PairDecision.Behind, RaceVerdict.Of(race, SyntheticRace.Group, _ => null)!.Standings.Single(s => s.Contender == "peer").Decision);
    }

    [Fact]
    public async Task warm_up_rounds_run_every_entrant_unmeasured_before_the_qualifying_round()
    {
        var race = new Race([new RaceEntrant("a", [SyntheticRace.Group]), new RaceEntrant("b", [SyntheticRace.Group])], [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.ForSuite(3));
        var turns = new List<(string Name, bool Qualifying)>();
        var runner = new RaceRunner(race, (name, qualifying) =>
        {
            turns.Add((name, qualifying));
            return Task.FromResult<double?>(100);
        }, seed: 8);

        await runner.WarmUpAsync(2, TestContext.Current.CancellationToken);

        Assert.Equal(4, turns.Count);
        Assert.All(turns, t => Assert.True(t.Qualifying));
        Assert.Equal([2, 2], turns.GroupBy(t => t.Name).Select(g => g.Count()));
        Assert.Equal(0, race.Rounds);
        Assert.Null(race.QualifyingFigure("a"));
    }

    [Fact]
    public async Task nobody_leaves_after_a_suites_qualifying_round_however_far_behind()
    {
        var race = new Race([new RaceEntrant("fast", [SyntheticRace.Group]), new RaceEntrant("crawl", [SyntheticRace.Group])], [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.ForSuite(6));
        var runner = new RaceRunner(race, (name, _) => Task.FromResult<double?>(name == "fast" ? 1000 : 1), seed: 1);

        await runner.QualifyAsync(TestContext.Current.CancellationToken);

        Assert.Empty(race.Exits);
        Assert.Equal(["fast", "crawl"], race.Running);
    }

    [Fact]
    public async Task an_allowance_that_cannot_pay_for_the_next_block_ends_the_race_after_the_first_look_as_out_of_budget()
    {
        var race = new Race([new RaceEntrant("a", [SyntheticRace.Group]), new RaceEntrant("b", [SyntheticRace.Group])], [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.ForSuite(48));
        var random = new Random(11);
        var runner = new RaceRunner(race, async (_, _) =>
        {
            await Task.Delay(2, TestContext.Current.CancellationToken);
            return 100 * Math.Exp(0.3 * SyntheticRace.Normal(random));
        }, seed: 2);

        await runner.QualifyAsync(TestContext.Current.CancellationToken);
        var clock = Stopwatch.StartNew();
        await runner.RunAsync(TimeSpan.Zero, () => TimeSpan.Zero, clock, TestContext.Current.CancellationToken);

        Assert.Equal(RaceEnd.OutOfBudget, race.End);
        Assert.Equal(race.Settings.Looks[0], race.Rounds);
        Assert.InRange(runner.FirstLook, TimeSpan.FromMilliseconds(2 * 2 * race.Settings.Looks[0]), clock.Elapsed);
    }

    [Fact]
    public async Task an_entrant_whose_turn_fails_leaves_and_the_others_race_on()
    {
        var race = new Race([new RaceEntrant("a", [SyntheticRace.Group]), new RaceEntrant("b", [SyntheticRace.Group]), new RaceEntrant("broken", [SyntheticRace.Group])],
            [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.ForSuite(6));
        var calls = new Dictionary<string, int>();
        var runner = new RaceRunner(race, (name, _) =>
        {
            calls[name] = calls.GetValueOrDefault(name) + 1;
            return Task.FromResult<double?>(name == "broken" && calls[name] > 1 ? null : name == "a" ? 300 : 100);
        }, seed: 4);

        await runner.QualifyAsync(TestContext.Current.CancellationToken);
        await runner.RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(new RaceExit(RaceExitReason.Failed, 1), race.Exits["broken"]);
        Assert.Equal(2, calls["broken"]);
        Assert.True(calls["a"] > 2);
    }
}
