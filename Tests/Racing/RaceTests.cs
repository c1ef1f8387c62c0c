using EventCommitLab.Harness.Racing;

namespace EventCommitLab.Tests.Racing;

public sealed class RaceTests
{
    private static readonly RaceSettings UpTo15 = RaceSettings.Default(15);

    private static readonly RaceSettings UpTo24 = RaceSettings.Default(24);

    [Fact]
    public void looks_grow_by_half_again_and_end_at_the_most_rounds()
    {
        Assert.Equal([3, 6, 12, 24], RaceSettings.LooksUpTo(24));
        Assert.Equal([3, 6, 15], RaceSettings.LooksUpTo(15));
        Assert.Equal([3, 6, 12, 20], RaceSettings.LooksUpTo(20));
        Assert.Equal([2], RaceSettings.LooksUpTo(2));
        Assert.Equal(0.05 * 24 / 45, UpTo24.ErrorRateAt(24), 12);
        Assert.Equal(0.05 * 3 / 45, UpTo24.ErrorRateAt(3), 12);
        Assert.Equal(0.05, UpTo24.Looks.Sum(UpTo24.ErrorRateAt), 12);
    }

    [Fact]
    public void a_clear_loser_leaves_at_the_first_look()
    {
        var race = SyntheticRace.Run(UpTo15, 0.05, ("Fast", 1000), ("Slow", 500));

        Assert.Equal(new RaceExit(RaceExitReason.Behind, 3), race.Exits["Slow"]);
        Assert.Equal(RaceEnd.Decided, race.End);
        Assert.Equal(3, race.Rounds);
        var standing = race.Standing(SyntheticRace.Group);
        Assert.Equal((VerdictKind.Winner, "Fast"), (standing!.Kind, standing.Leader));
    }

    [Fact]
    public void a_contender_far_below_the_leader_in_the_qualifying_round_leaves_before_the_race()
    {
        var race = SyntheticRace.Run(UpTo15, 0.05, ("Fast", 1000), ("Hopeless", 200), ("Close", 800));

        Assert.Equal(new RaceExit(RaceExitReason.Hopeless, 0), race.Exits["Hopeless"]);
        Assert.Equal([], race.RoundsOf("Hopeless").OfType<double>());
        Assert.InRange(race.QualifyingFigure("Hopeless")!.Value, 150, 250);
    }

    [Fact]
    public void two_equal_contenders_are_declared_equivalent()
    {
        var race = SyntheticRace.Run(UpTo15, 0.03, ("A", 1000), ("B", 1000));

        var standing = race.Standing(SyntheticRace.Group)!;
        Assert.Equal(RaceEnd.Decided, race.End);
        Assert.Equal(VerdictKind.Equivalent, standing.Kind);
        Assert.Equal(["A", "B"], standing.Set.Order());
        Assert.True(race.Rounds < 15, "equal contenders with little noise are decided before the last look");
    }

    [Fact]
    public void contenders_five_percent_apart_are_equivalent_within_a_ten_percent_margin()
    {
        var race = SyntheticRace.Run(UpTo15, 0.03, ("A", 1000), ("B", 950));

        var standing = race.Standing(SyntheticRace.Group)!;
        Assert.Equal(VerdictKind.Equivalent, standing.Kind);
        Assert.Equal(PairDecision.Equivalent, standing.Comparisons["B"].Decision);
        Assert.InRange(standing.Comparisons["B"].Ratio.Estimate, 0.92, 0.98);
    }

    [Fact]
    public void contenders_thirty_percent_apart_are_separable()
    {
        var race = SyntheticRace.Run(UpTo15, 0.05, ("A", 1000), ("B", 700));

        Assert.Equal(RaceExitReason.Behind, race.Exits["B"].Reason);
        var ratio = PairedComparison.Of(race.RoundsOf("B"), race.RoundsOf("A"), UpTo15)!;
        Assert.Contains(ratio.Decision, (PairDecision[])[PairDecision.Behind, PairDecision.Slower]);
        Assert.True(ratio.Ratio.Upper < 1, $"the ratio's interval lies below 1: {ratio.Ratio}");
        Assert.Equal(VerdictKind.Winner, race.Standing(SyntheticRace.Group)!.Kind);
    }

    [Fact]
    public void a_noisy_close_pair_is_undecided_when_its_rounds_run_out()
    {
        var race = SyntheticRace.Run(RaceSettings.Default(7), 0.3, ("A", 1000), ("B", 960));

        Assert.Contains(race.End!.Value, (RaceEnd[])[RaceEnd.OutOfRounds, RaceEnd.Futile]);
        var standing = race.Standing(SyntheticRace.Group)!;
        Assert.Equal(VerdictKind.Undecided, standing.Kind);
        Assert.Equal(2, standing.Set.Count);
        Assert.True(standing.Comparisons.Single().Value.Ratio.HasBounds);
    }

    [Fact]
    public void the_budget_ends_a_race_where_it_stands()
    {
        var race = new Race([new RaceEntrant("A", ["g"]), new RaceEntrant("B", ["g"])], [new RaceGroup("g", true)], UpTo15);
        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 100, ["B"] = 100 });
        Assert.Equal(3, race.RoundsToNextLook);

        race.StopForBudget();

        Assert.Equal(RaceEnd.OutOfBudget, race.End);
        Assert.Equal(0, race.RoundsToNextLook);
        Assert.Throws<InvalidOperationException>(() => race.RecordRound(new Dictionary<string, double?> { ["A"] = 1, ["B"] = 1 }));
    }

    [Fact]
    public void a_contender_judged_in_two_groups_leaves_only_when_behind_the_leaders_of_both()
    {
        RaceGroup[] groups = [new("any", true), new("ordered", true)];
        var race = SyntheticRace.Run(UpTo15, 0.05, groups,
        [
            ("Unordered", 2000, ["any"]),
            ("OrderedBest", 1000, ["any", "ordered"]),
            ("OrderedSlow", 400, ["any", "ordered"]),
        ]);

        Assert.False(race.Exits.ContainsKey("OrderedBest"), "behind the leader of any, but the leader of ordered");
        Assert.Equal(RaceExitReason.Behind, race.Exits["OrderedSlow"].Reason);
        Assert.Equal("Unordered", race.Standing("any")!.Leader);
        Assert.Equal("OrderedBest", race.Standing("ordered")!.Leader);
    }

    [Fact]
    public void a_reference_leaves_at_the_first_look_and_a_group_that_need_not_decide_holds_nothing_open()
    {
        RaceGroup[] groups = [new("strategies", true), new("ceiling", false)];
        var race = SyntheticRace.Run(UpTo15, 0.05, groups,
        [
            ("Strategy", 1000, ["strategies"]),
            ("Reference", 1000, []),
            ("RawA", 1500, ["ceiling"]),
            ("RawB", 1480, ["ceiling"]),
        ]);

        Assert.Equal(new RaceExit(RaceExitReason.Reference, 3), race.Exits["Reference"]);
        Assert.Equal((RaceEnd.Decided, 3), (race.End!.Value, race.Rounds));
        Assert.DoesNotContain(race.Exits, e => e.Value.Reason == RaceExitReason.Outrun);
        Assert.Equal(2, race.Running.Count(n => n.StartsWith("Raw", StringComparison.Ordinal)));
    }

    [Fact]
    public void a_contender_whose_round_fails_leaves_and_is_not_judged()
    {
        var race = new Race([new RaceEntrant("A", ["g"]), new RaceEntrant("B", ["g"])], [new RaceGroup("g", true)], UpTo15);
        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 100, ["B"] = 100 });
        race.RecordRound(new Dictionary<string, double?> { ["A"] = 100, ["B"] = null });

        Assert.Equal(new RaceExit(RaceExitReason.Failed, 1), race.Exits["B"]);
        Assert.Equal(["A"], race.Running);
    }

    [Fact]
    public void fewer_than_two_paired_rounds_decide_nothing()
    {
        var one = PairedComparison.Of([100, null], [50, 60], UpTo15)!;

        Assert.Equal((2.0, PairDecision.Undecided, false), (one.Ratio.Estimate, one.Decision, one.Ratio.HasBounds));
        Assert.Null(PairedComparison.Of([null, 1], [1, null], UpTo15));
    }

    [Fact]
    public void one_stalled_round_does_not_decide_a_comparison_of_two_equal_contenders()
    {
        double?[] a = [1000, 1010, 990, 1005, 995, 1000, 1010, 990, 1005, 995];
        double?[] b = [1000, 1000, 1000, 10, 1000, 1000, 1000, 1000, 1000, 1000];

        var comparison = PairedComparison.Of(b, a, UpTo15)!;

        Assert.Equal(PairDecision.Equivalent, comparison.Decision);
        Assert.InRange(comparison.Ratio.Estimate, 0.98, 1.02);
    }

    [Fact]
    public void a_race_whose_open_pair_could_not_be_decided_by_its_horizon_ends_as_futile()
    {
        var race = new Race([new RaceEntrant("A", ["g"]), new RaceEntrant("B", ["g"])], [new RaceGroup("g", true)], UpTo15) { Horizon = 8 };
        var random = new Random(3);
        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 980 });
        while (!race.Finished)
        {
            race.RecordRound(new Dictionary<string, double?>
            {
                ["A"] = 1000 * Math.Exp(0.3 * SyntheticRace.Normal(random)),
                ["B"] = 980 * Math.Exp(0.3 * SyntheticRace.Normal(random)),
            });
        }

        Assert.Equal((RaceEnd.Futile, 6), (race.End!.Value, race.Rounds));
    }

    [Fact]
    public void a_group_that_need_not_decide_goes_on_with_its_leader_alone_from_its_second_look()
    {
        RaceGroup[] groups = [new("strategies", true), new("ceiling", false)];
        var race = new Race([new("A", ["strategies"]), new("B", ["strategies"]), new("RawA", ["ceiling"]), new("RawB", ["ceiling"])], groups, UpTo15);
        var random = new Random(5);
        race.RecordQualifying(race.Running.ToDictionary(n => n, _ => (double?)1000));
        while (race.Rounds < 6)
        {
            race.RecordRound(race.Running.ToDictionary(n => n, _ => (double?)(1000 * Math.Exp(0.3 * SyntheticRace.Normal(random)))));
        }

        Assert.Single(race.Exits, e => e.Value == new RaceExit(RaceExitReason.Outrun, 6));
        Assert.Single(race.Running, n => n.StartsWith("Raw", StringComparison.Ordinal));
    }
}
