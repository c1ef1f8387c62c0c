using EventCommitLab.Harness.Racing;
using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Tests.Racing;

public sealed class VerdictAgreementTests
{
    [Fact]
    public void a_run_compared_with_itself_agrees_in_every_row_without_conflict()
    {
        var agreement = VerdictAgreement.Of(SampleVerdicts.Run(), SampleVerdicts.Run());

        Assert.Equal([GuaranteeProfile.Unique.Id, GuaranteeProfile.Ordered.Id], agreement.Select(a => a.Profile));
        var unique = agreement[0];
        Assert.Equal((3, 3, 1, 1), (unique.Rows, unique.Agreeing, unique.OlderUndecided, unique.NewerUndecided));
        Assert.Empty(unique.Conflicts);
    }

    [Fact]
    public void a_strategy_recommended_in_one_run_and_behind_in_the_other_is_a_conflict()
    {
        var agreement = VerdictAgreement.Of(SampleVerdicts.Run(), SampleVerdicts.Run(sequenceWinsAt100: true))[0];

        var difference = Assert.Single(agreement.Differences);
        Assert.Equal((100, true), (difference.Cell.ConcurrentBatches, difference.Conflict));
        Assert.Equal("Sequence (winner)", difference.Newer);
        Assert.Equal((3, 2), (agreement.Rows, agreement.Agreeing));
    }

    [Fact]
    public void equivalent_sets_sharing_the_recommended_strategy_agree_and_a_winner_inside_the_other_runs_set_does_too()
    {
        var run = SampleVerdicts.Run();
        var equivalent = run.Verdicts![0].For(GuaranteeProfile.Unique.Id)!;
        var winner = equivalent with { Kind = VerdictKind.Winner, Set = ["Pipeline"], Recommended = "Pipeline" };
        var otherChoice = equivalent with { Recommended = "Sequence" };

        Assert.True(VerdictAgreement.Agree(equivalent, winner));
        Assert.True(VerdictAgreement.Agree(equivalent, otherChoice));
        Assert.False(VerdictAgreement.Agree(winner, otherChoice));
        Assert.False(VerdictAgreement.Behind("Sequence", equivalent));
    }

    [Fact]
    public void compare_prints_the_verdict_agreement_before_the_figures()
    {
        var text = RunComparer.Compare(SampleVerdicts.Run(), SampleVerdicts.Run(sequenceWinsAt100: true), "old", "new");

        Assert.Contains("- **Unique numbers**: verdicts agree in **2 of 3** rows (67%); **1 conflicts**; undecided 1 (old) and 0 (new).", text, StringComparison.Ordinal);
        Assert.True(text.IndexOf("## Verdicts", StringComparison.Ordinal) < text.IndexOf("## Agreement of the figures", StringComparison.Ordinal));
    }
}
