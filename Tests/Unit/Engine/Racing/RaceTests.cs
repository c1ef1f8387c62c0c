using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Tests.Engine.Racing;

public sealed class RaceTests
{
    private static readonly RaceSettings UpTo15 = RaceSettings.Default(15);

    private static readonly RaceSettings UpTo48 = RaceSettings.Default(48);

    [Fact]
    public void looks_double_from_the_sixth_round_and_end_at_the_most_rounds()
    {
        Assert.Equal([6, 12, 24, 48], RaceSettings.LooksUpTo(48));
        Assert.Equal([6, 15], RaceSettings.LooksUpTo(15));
        Assert.Equal([6, 12, 20], RaceSettings.LooksUpTo(20));
        Assert.Equal([2], RaceSettings.LooksUpTo(2));
    }

    [Fact]
    public void a_lone_comparison_spends_the_whole_error_rate_over_the_looks_and_the_first_look_tests_at_its_share()
    {
        Assert.Equal(0.05, UpTo48.ErrorRateAt(12), 12);
        Assert.Equal(0.05 * 6 / 48, UpTo48.TestLevel(UpTo48.ErrorRateAt(6), 6), 12);
        Assert.Equal([6, 12, 24, 32], UpTo48.LooksTo(32));
        Assert.Equal([6, 12, 24, 48], UpTo48.LooksTo(48));
        Assert.Equal([3], UpTo48.LooksTo(3));
        Assert.InRange(UpTo48.TestLevel(0.05, 48), 0.05 / 2, 0.05);
    }

    [Fact]
    public void runs_made_before_the_sequential_boundary_split_the_error_rate_over_the_looks_by_their_rounds()
    {
        var perLook = UpTo48 with { Spending = ErrorSpending.PerLook };

        Assert.Equal(0.05 * 24 / 48, perLook.ErrorRateAt(48), 12);
        Assert.Equal(0.05 * 6 / 48, perLook.ErrorRateAt(6), 12);
        Assert.Equal(0.05 * 6 / 48, perLook.ErrorRateAt(12), 12);
        Assert.Equal(0.05 * 8 / 48, perLook.ErrorRateAt(32), 12);
        Assert.Equal(0.05, perLook.Looks.Sum(perLook.ErrorRateAt), 12);
        Assert.Equal(0.01, perLook.TestLevel(0.01, 48), 12);
    }

    [Fact]
    public void a_clear_loser_leaves_at_the_first_look()
    {
        var race = SyntheticRace.Run(UpTo15, 0.05, ("Fast", 1000), ("Slow", 500));

        Assert.Equal((RaceExitReason.Behind, 6), (race.Exits["Slow"].Reason, race.Exits["Slow"].AfterRounds));
        Assert.InRange(race.Exits["Slow"].ErrorRateIn(SyntheticRace.Group)!.Value, 1e-6, UpTo15.ErrorRateAt(6));
        Assert.Equal(RaceEnd.Decided, race.End);
        Assert.Equal(6, race.Rounds);
        var standing = race.Standing(SyntheticRace.Group);
        Assert.Equal((VerdictKind.Winner, "Fast"), (standing!.Kind, standing.Leader));
    }

    [Fact]
    public void a_contender_below_half_of_every_member_in_the_qualifying_and_first_race_rounds_leaves_after_them_at_the_cuts_size()
    {
        var race = SyntheticRace.Run(UpTo15, 0.05, ("Fast", 1000), ("Hopeless", 200), ("Close", 800));

        Assert.Equal(new RaceExit(RaceExitReason.Hopeless, 1, new Dictionary<string, double> { [SyntheticRace.Group] = StallRates.TwoWindows }), race.Exits["Hopeless"]);
        Assert.InRange(Assert.Single(race.RoundsOf("Hopeless").OfType<double>()), 150, 250);
        Assert.InRange(race.QualifyingFigure("Hopeless")!.Value, 150, 250);
    }

    [Fact]
    public void a_contender_whose_qualifying_round_stalled_races_on_when_its_first_race_round_is_not_below_half_of_every_member()
    {
        var race = new Race([new RaceEntrant("A", [SyntheticRace.Group]), new RaceEntrant("B", [SyntheticRace.Group])], [new RaceGroup(SyntheticRace.Group, MustDecide: true)], UpTo15);

        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 60 });
        race.RecordRound(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 990 });

        Assert.Empty(race.Exits);
        Assert.Equal(["A", "B"], race.Running);
    }

    [Fact]
    public void a_contender_below_a_twentieth_of_every_member_in_the_qualifying_round_leaves_at_once()
    {
        var race = new Race([new RaceEntrant("A", [SyntheticRace.Group]), new RaceEntrant("B", [SyntheticRace.Group])], [new RaceGroup(SyntheticRace.Group, MustDecide: true)], UpTo15);

        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 49 });

        Assert.Equal(new RaceExit(RaceExitReason.Hopeless, 0, new Dictionary<string, double> { [SyntheticRace.Group] = StallRates.OneWindow }), race.Exits["B"]);
        Assert.Equal(["A"], race.Running);
    }

    [Fact]
    public void a_contender_is_cut_only_below_every_member_still_racing_not_below_the_leader_alone()
    {
        // R is below a third of the leader in both windows, but not below half of M, which races on: whichever of A and M the
        // row chooses, R's standing against it must rest on their own windows.
        var race = new Race([new("A", ["g"]), new("M", ["g"]), new("R", ["g"])], [new RaceGroup("g", MustDecide: true)], UpTo15);

        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["M"] = 550, ["R"] = 300 });
        race.RecordRound(new Dictionary<string, double?> { ["A"] = 1000, ["M"] = 550, ["R"] = 290 });

        Assert.Empty(race.Exits);
    }

    [Fact]
    public void the_cut_judges_a_contender_against_the_members_of_each_of_its_groups()
    {
        var race = new Race(
            [new RaceEntrant("A", ["one"]), new RaceEntrant("B", ["one", "two"]), new RaceEntrant("C", ["two"])],
            [new RaceGroup("one", MustDecide: true), new RaceGroup("two", MustDecide: true)], UpTo15);

        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 100, ["C"] = 1000 });
        race.RecordRound(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 200, ["C"] = 350 });

        Assert.False(race.Exits.ContainsKey("B"), "not below half of C, the other member of its second group, in the first race round");
    }

    [Fact]
    public void a_suites_race_cuts_nobody()
    {
        var race = new Race([new RaceEntrant("A", ["g"]), new RaceEntrant("B", ["g"])], [new RaceGroup("g", MustDecide: true)], RaceSettings.ForSuite(12));

        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 1 });
        race.RecordRound(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 1 });

        Assert.Empty(race.Exits);
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
        Assert.Equal(6, race.RoundsToNextLook);

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
            ("OrderedSlow", 600, ["any", "ordered"]),
        ]);

        Assert.NotEqual(RaceExitReason.Behind, race.Exits.GetValueOrDefault("OrderedBest")?.Reason);
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

        Assert.Equal(new RaceExit(RaceExitReason.Reference, 6), race.Exits["Reference"]);
        Assert.Equal((RaceEnd.Decided, 6), (race.End!.Value, race.Rounds));
        Assert.Single(race.Exits, e => e.Value == new RaceExit(RaceExitReason.Outrun, 6));
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
        // Two contenders 5% apart with a wide spread, and a budget that pays for 14 rounds: after 12 the pair's interval
        // is far from either decision, and two more rounds cannot get it there.
        var race = new Race([new RaceEntrant("A", ["g"]), new RaceEntrant("B", ["g"])], [new RaceGroup("g", true)], UpTo48) { Horizon = 14 };
        var random = new Random(3);
        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 950 });
        while (!race.Finished)
        {
            race.RecordRound(new Dictionary<string, double?>
            {
                ["A"] = 1000 * Math.Exp(0.3 * SyntheticRace.Normal(random)),
                ["B"] = 950 * Math.Exp(0.3 * SyntheticRace.Normal(random)),
            });
        }

        Assert.Equal((RaceEnd.Futile, 12), (race.End!.Value, race.Rounds));
        Assert.Equal(new GroupEnd(12, RaceEnd.Futile), race.GroupEnds["g"]);
    }

    [Fact]
    public void the_futility_rule_keeps_a_pair_of_equal_contenders_whose_first_rounds_sat_apart_and_it_decides_later()
    {
        // Equal contenders; by chance B's first twelve rounds run 8% below A's, as far as today's estimate alone would
        // call hopeless for a decision. Its chance of being decided by round 48 is not small, so the race goes on.
        var race = new Race([new RaceEntrant("A", ["g"]), new RaceEntrant("B", ["g"])], [new RaceGroup("g", true)], UpTo48);
        var random = new Random(11);
        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 1000 });
        while (!race.Finished)
        {
            var unlucky = race.Rounds < 12 ? Math.Log(0.92) : 0;
            race.RecordRound(new Dictionary<string, double?>
            {
                ["A"] = 1000 * Math.Exp(0.1 * SyntheticRace.Normal(random)),
                ["B"] = 1000 * Math.Exp(unlucky + (0.1 * SyntheticRace.Normal(random))),
            });
            if (race.Rounds == 12)
            {
                Assert.False(race.Finished, "the pair could still be decided by round 48: the race goes on");
            }
        }

        Assert.Equal(RaceEnd.Decided, race.End);
        Assert.True(race.Rounds > 12);
        Assert.Equal(VerdictKind.Equivalent, race.Standing("g")!.Kind);
    }

    [Fact]
    public void a_contender_separably_slower_but_estimated_within_the_margin_races_on_until_it_is_shown_equivalent()
    {
        // B runs 8% below A: at the first look it is separably slower, not yet shown within the 10% margin. Sent out
        // then, the row would name A alone where another run's rounds put B in A's set.
        var (race, nextRound) = EightPercentApart();
        while (!race.Finished)
        {
            nextRound();
            if (race.Rounds == 6)
            {
                Assert.Equal(PairDecision.Slower, race.Standing("g")!.Comparisons["B"].Decision);
                Assert.Contains("B", race.Running);
            }
        }

        var standing = race.Standing("g")!;
        Assert.Equal((RaceEnd.Decided, VerdictKind.Equivalent), (race.End!.Value, standing.Kind));
        Assert.Equal(PairDecision.Equivalent, standing.Comparisons["B"].Decision);
        Assert.True(race.Rounds > 6);
    }

    [Fact]
    public void a_race_the_budget_stops_while_a_slower_contender_reaches_for_equivalence_ends_decided_without_it()
    {
        var (race, nextRound) = EightPercentApart();
        while (race.Rounds < 6)
        {
            nextRound();
        }

        Assert.False(race.Finished);
        race.StopForBudget();

        Assert.Equal(new GroupEnd(6, RaceEnd.Decided), race.GroupEnds["g"]);
        Assert.Equal((VerdictKind.Winner, "A"), (race.Standing("g")!.Kind, race.Standing("g")!.Leader));
    }

    [Fact]
    public void the_chance_of_equivalence_by_the_horizon_is_high_inside_the_margin_and_nil_well_outside_it()
    {
        var random = new Random(4);
        double[] Logs(double ratio) => [.. Enumerable.Range(0, 12).Select(_ => Math.Log(ratio) + (0.03 * SyntheticRace.Normal(random)))];

        var atHorizon = UpTo48.ErrorRateAt(48);
        Assert.True(Decidability.ChanceEquivalentBy(Logs(0.95), 48, atHorizon, UpTo48) > Decidability.PursueEquivalenceFrom);
        Assert.True(Decidability.ChanceEquivalentBy(Logs(0.80), 48, atHorizon, UpTo48) < 0.01);
        Assert.Equal(0, Decidability.ChanceEquivalentBy(Logs(0.95), 12, atHorizon, UpTo48));
    }

    /// <summary>A race of two contenders, B 8% below A with little noise, after its qualifying round; and what runs its next round.</summary>
    private static (Race Race, Action NextRound) EightPercentApart()
    {
        var race = new Race([new RaceEntrant("A", ["g"]), new RaceEntrant("B", ["g"])], [new RaceGroup("g", true)], UpTo48);
        var random = new Random(2);
        race.RecordQualifying(new Dictionary<string, double?> { ["A"] = 1000, ["B"] = 920 });
        return (race, () => race.RecordRound(race.Running.ToDictionary(n => n, n => (double?)((n == "A" ? 1000 : 920) * Math.Exp(0.03 * SyntheticRace.Normal(random))))));
    }

    [Fact]
    public void a_group_that_need_not_decide_goes_on_with_its_leader_alone_from_its_first_look()
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

    [Fact]
    public void a_group_ends_when_it_is_decided_and_a_member_of_no_other_open_group_leaves_settled_while_the_other_races_on()
    {
        RaceGroup[] groups = [new("any", true), new("ordered", true)];
        var race = SyntheticRace.Run(UpTo48, 0.08, groups,
        [
            ("Unordered", 3000, ["any"]),
            ("OrderedA", 1000, ["any", "ordered"]),
            ("OrderedB", 1000, ["any", "ordered"]),
        ]);

        Assert.Equal(new GroupEnd(6, RaceEnd.Decided), race.GroupEnds["any"]);
        Assert.Equal(new RaceExit(RaceExitReason.Settled, 6), race.Exits["Unordered"]);
        Assert.Equal(6, race.JudgedRounds("any"));
        Assert.True(race.Rounds > 6, "the ordered group raced on");
        Assert.Equal(RaceEnd.Decided, race.GroupEnds["ordered"].End);
        Assert.Equal(race.Rounds, race.JudgedRounds("ordered"));
    }

    [Fact]
    public void the_leader_is_chosen_by_the_paired_statistic_so_no_member_is_estimated_ahead_of_it()
    {
        // A's untrimmed mean is lifted by one stalled round of B's... and one burst of its own; round by round B is ahead.
        double?[] a = [1000, 1000, 1000, 1000, 1000, 9000, 1000, 1000, 1000, 1000];
        double?[] b = [1040, 1040, 1040, 1040, 1040, 1040, 1040, 1040, 1040, 1040];

        var standing = GroupStanding.Of([new GroupMember("A", a, null, null), new GroupMember("B", b, null, null)], "g", a.Length, UpTo15.ErrorRateAt(a.Length), UpTo15)!;

        Assert.True(a.Average(r => Math.Log(r!.Value)) > b.Average(r => Math.Log(r!.Value)), "by untrimmed means A would lead");
        Assert.Equal("B", standing.Leader);
        Assert.All(standing.Comparisons.Values, c => Assert.True(c.Ratio.Estimate <= 1, $"no member estimated ahead of the leader: {c.Ratio}"));
        Assert.DoesNotContain(standing.Comparisons.Values, c => c.Decision is PairDecision.Faster or PairDecision.Ahead);
    }
}
