using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;

namespace EventCommitLab.Tests.Reporting;

public sealed class VerdictTextTests
{
    [Fact]
    public void a_hopeless_contender_is_said_to_have_left_after_the_rounds_that_cut_it_in_runs_before_the_confirmation_and_after()
    {
        static string Lost(int afterRounds) =>
            VerdictText.Lost(new ContenderStanding("A", PairDecision.Undecided, new Interval(0.1, null, null, 1), new RaceExit(RaceExitReason.Hopeless, afterRounds), null));

        Assert.Equal("A 0.10 (one round), left after the qualifying and first race rounds", Lost(1));
        Assert.Equal("A 0.10 (one round), left after the qualifying round", Lost(0));
    }

    [Fact]
    public void a_contender_cut_by_a_test_is_said_to_be_cut_not_to_have_left()
    {
        var cut = new RaceExit(RaceExitReason.Hopeless, 1, new Dictionary<string, double> { ["unique"] = 0.0007 });
        var lost = VerdictText.Lost(new ContenderStanding("A", PairDecision.Undecided, new Interval(0.1, null, null, 2), cut, null));

        Assert.Equal("A 0.10 (2 rounds), cut after the qualifying and first race rounds", lost);
    }

    [Fact]
    public void an_upper_bound_past_any_ratio_worth_printing_is_capped()
    {
        Assert.Equal("0.40 [0.01–99+]", VerdictText.Ratio(new Interval(0.4, 0.01, 250, 3)));
        Assert.Equal("0.40 [0.30–1.20]", VerdictText.Ratio(new Interval(0.4, 0.3, 1.2, 3)));
    }
}
