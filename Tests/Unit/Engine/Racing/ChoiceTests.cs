using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Tests.Engine.Racing;

/// <summary>Which member of a group's verdict is the choice: the winner, a set's member first by claims and then by the catalog, the undecided leader.</summary>
public sealed class ChoiceTests
{
    private static readonly StrategyClaims[] Claims =
    [
        new("Fast", true, false, true, false),
        new("Strong", true, true, true, true, OrderedVisibility: true),
        new("AlsoStrong", true, true, true, true, OrderedVisibility: true),
    ];

    private static readonly RaceSettings Settings = RaceSettings.Default(24);

    /// <summary>The group's verdict over 24 rounds, each member at its level times a little noise from a fixed seed.</summary>
    private static GroupVerdict Judge(params (string Name, double Level)[] members)
    {
        var random = new Random(9);
        var rounds = members.ToDictionary(m => m.Name, m => (IReadOnlyList<double?>)[.. Enumerable.Range(0, 24).Select(_ => (double?)(m.Level * Math.Exp(0.01 * SyntheticRace.Normal(random))))]);
        return GroupJudgement.Judge([.. members.Select(m => m.Name)], n => rounds[n], _ => null, _ => null, _ => null, Settings, "g", 24, members.Length - 1,
            n => CellAnalysis.Preference(n, Claims))!;
    }

    [Fact]
    public void in_an_equivalent_set_the_member_claiming_the_most_is_chosen_over_a_faster_leader_claiming_less()
    {
        var verdict = Judge(("Fast", 1000), ("Strong", 970));

        Assert.Equal((VerdictKind.Equivalent, "Fast", "Strong"), (verdict.Standing.Kind, verdict.Standing.Leader, verdict.Choice));
        var fast = Assert.Single(verdict.Others);
        Assert.Equal(("Fast", PairDecision.Equivalent), (fast.Contender, fast.Decision));
        Assert.InRange(fast.Ratio!.Estimate, 1.02, 1.04);
    }

    [Fact]
    public void a_set_member_separably_slower_than_the_leader_but_within_the_margin_is_still_chosen_for_its_claims()
    {
        // The margin decides the kind, and the set the choice: a few per cent apart, separable or not, names the same member.
        var verdict = Judge(("Fast", 1000), ("Strong", 940));

        Assert.Equal(PairDecision.Equivalent, verdict.Standing.Comparisons["Strong"].Decision);
        Assert.True(verdict.Standing.Comparisons["Strong"].Ratio.Upper < 1, "separably slower too");
        Assert.Equal("Strong", verdict.Choice);
    }

    [Fact]
    public void among_members_claiming_the_same_the_first_in_the_catalog_is_chosen_whichever_leads()
    {
        Assert.Equal("Strong", Judge(("Strong", 1000), ("AlsoStrong", 1010)).Choice);
        Assert.Equal("Strong", Judge(("Strong", 1010), ("AlsoStrong", 1000)).Choice);
    }

    [Fact]
    public void an_undecided_row_chooses_its_leader_and_a_winner_is_its_own_choice()
    {
        var random = new Random(1);
        var noisy = new Dictionary<string, IReadOnlyList<double?>>
        {
            ["Fast"] = [.. Enumerable.Range(0, 6).Select(_ => (double?)(1000 * Math.Exp(0.3 * SyntheticRace.Normal(random))))],
            ["Strong"] = [.. Enumerable.Range(0, 6).Select(_ => (double?)(990 * Math.Exp(0.3 * SyntheticRace.Normal(random))))],
        };
        var undecided = GroupJudgement.Judge(["Fast", "Strong"], n => noisy[n], _ => null, _ => null, _ => null, Settings, "g", 6, 1, n => CellAnalysis.Preference(n, Claims))!;

        Assert.Equal(VerdictKind.Undecided, undecided.Standing.Kind);
        Assert.Equal(undecided.Standing.Leader, undecided.Choice);
        Assert.Equal(("Fast", VerdictKind.Winner), (Judge(("Fast", 1000), ("Strong", 500)).Choice, Judge(("Fast", 1000), ("Strong", 500)).Standing.Kind));
    }
}
