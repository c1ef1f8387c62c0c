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
}
