using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Tests.Engine.Racing;

/// <summary>Which member of a group's verdict is the choice: the winner, a set's strongest member not shown slower, the undecided leader.</summary>
public sealed class ChoiceTests
{
    private static readonly StrategyClaims[] Claims =
    [
        new("Fast", true, false, true, false),
        new("Strong", true, true, true, true, OrderedVisibility: true),
        new("AlsoStrong", true, true, true, true, OrderedVisibility: true),
    ];

    private static PairedComparison Pair(double estimate, double lower, double upper, PairDecision decision) =>
        new(new Interval(estimate, lower, upper, 24), decision);

    [Fact]
    public void in_an_equivalent_set_the_member_claiming_the_most_is_chosen_over_a_faster_leader_claiming_less()
    {
        var standing = new GroupStanding("Fast", new Dictionary<string, PairedComparison> { ["Strong"] = Pair(0.97, 0.92, 1.02, PairDecision.Equivalent) }, VerdictKind.Equivalent, ["Fast", "Strong"]);

        Assert.Equal("Strong", CellAnalysis.Choice(standing, Claims));
    }

    [Fact]
    public void a_set_member_separably_slower_than_the_leader_is_never_the_choice_whatever_it_claims()
    {
        var standing = new GroupStanding("Fast", new Dictionary<string, PairedComparison> { ["Strong"] = Pair(0.95, 0.92, 0.98, PairDecision.Equivalent) }, VerdictKind.Equivalent, ["Fast", "Strong"]);

        Assert.Equal("Fast", CellAnalysis.Choice(standing, Claims));
    }

    [Fact]
    public void among_members_claiming_the_same_the_faster_is_chosen_and_an_undecided_set_chooses_its_leader()
    {
        var comparisons = new Dictionary<string, PairedComparison>
        {
            ["Strong"] = Pair(0.96, 0.90, 1.03, PairDecision.Equivalent),
            ["AlsoStrong"] = Pair(0.99, 0.93, 1.05, PairDecision.Equivalent),
        };

        Assert.Equal("AlsoStrong", CellAnalysis.Choice(new GroupStanding("Fast", comparisons, VerdictKind.Equivalent, ["Fast", "AlsoStrong", "Strong"]), Claims));
        Assert.Equal("Fast", CellAnalysis.Choice(new GroupStanding("Fast", comparisons, VerdictKind.Undecided, ["Fast", "AlsoStrong", "Strong"]), Claims));
        Assert.Equal("Fast", CellAnalysis.Choice(new GroupStanding("Fast", new Dictionary<string, PairedComparison>(), VerdictKind.Winner, ["Fast"]), Claims));
    }
}
