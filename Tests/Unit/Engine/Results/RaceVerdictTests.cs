using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;

namespace EventCommitLab.Tests.Engine.Results;

/// <summary>A suite row's verdict, read from its race as the main job reads a profile's.</summary>
public sealed class RaceVerdictTests
{
    private static readonly Func<string, string?> NoneDisqualified = _ => null;

    [Fact]
    public void a_clear_leader_is_the_winner_and_the_one_that_left_behind_is_a_loser_with_its_ratio()
    {
        var race = SyntheticRace.Run(RaceSettings.ForSuite(12), 0.02, ("fast", 200), ("slow", 100));

        var verdict = RaceVerdict.Of(race, SyntheticRace.Group, NoneDisqualified)!;

        Assert.Equal((VerdictKind.Winner, "fast", 6), (verdict.Kind, verdict.Leader, verdict.Rounds));
        var slow = Assert.Single(verdict.Standings);
        Assert.Equal(("slow", PairDecision.Behind), (slow.Contender, slow.Decision));
        Assert.InRange(slow.Ratio!.Estimate, 0.45, 0.55);
        Assert.Equal("fast (winner), 6 rounds", SuiteRaceText.Verdict(verdict));
    }

    [Fact]
    public void equal_contenders_are_an_equivalent_set()
    {
        var race = SyntheticRace.Run(RaceSettings.ForSuite(24), 0.01, ("a", 100), ("b", 100));

        var verdict = RaceVerdict.Of(race, SyntheticRace.Group, NoneDisqualified)!;

        Assert.Equal(VerdictKind.Equivalent, verdict.Kind);
        Assert.Equal(["a", "b"], verdict.Set.Order());
        Assert.StartsWith("equivalent: ", VerdictText.Of(verdict), StringComparison.Ordinal);
    }

    [Fact]
    public void a_disqualified_leader_is_not_judged_and_the_next_fastest_leads()
    {
        var race = SyntheticRace.Run(RaceSettings.ForSuite(12), 0.02, ("cheat", 400), ("fast", 200), ("slow", 100));

        var verdict = RaceVerdict.Of(race, SyntheticRace.Group, n => n == "cheat" ? "its log read back wrong" : null)!;

        Assert.Equal("fast", verdict.Leader);
        var cheat = verdict.Standings.Single(s => s.Contender == "cheat");
        Assert.Equal(("its log read back wrong", (PairDecision?)null), (cheat.Disqualified, cheat.Decision));
    }

    [Fact]
    public void a_contender_whose_turn_failed_is_named_failed_and_none_judged_is_no_verdict()
    {
        var race = new Race([new RaceEntrant("a", [SyntheticRace.Group])], [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.ForSuite(3));
        race.RecordQualifying(new Dictionary<string, double?> { ["a"] = null });

        Assert.Null(RaceVerdict.Of(race, SyntheticRace.Group, NoneDisqualified));

        var two = new Race([new RaceEntrant("a", [SyntheticRace.Group]), new RaceEntrant("b", [SyntheticRace.Group])], [new RaceGroup(SyntheticRace.Group, MustDecide: true)], RaceSettings.ForSuite(3));
        two.RecordQualifying(new Dictionary<string, double?> { ["a"] = 10, ["b"] = null });
        while (!two.Finished)
        {
            two.RecordRound(new Dictionary<string, double?> { ["a"] = 10 });
        }

        var verdict = RaceVerdict.Of(two, SyntheticRace.Group, NoneDisqualified)!;
        Assert.Equal(("a", VerdictKind.Winner), (verdict.Leader, verdict.Kind));
        Assert.Equal("failed", Assert.Single(verdict.Standings).Disqualified);
    }
}
