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
    public void a_strategy_one_run_decided_on_and_behind_in_the_other_is_a_conflict_and_an_undecided_row_that_moved_is_not()
    {
        var agreement = VerdictAgreement.Of(SampleVerdicts.Run(), SampleVerdicts.Run(sequenceWinsAt100: true, sequenceWinsAt10: true))[0];

        Assert.Equal([(10, true), (100, false)], agreement.Differences.Select(d => (d.Cell.ConcurrentBatches, d.Conflict)));
        Assert.Equal(("Pipeline (winner)", "Sequence (winner)"), (agreement.Differences[0].Older, agreement.Differences[0].Newer));
        Assert.Equal((3, 1), (agreement.Rows, agreement.Agreeing));
        Assert.Single(agreement.Conflicts);
    }

    [Fact]
    public void an_undecided_row_decides_on_nothing_so_it_cannot_conflict()
    {
        var older = SampleVerdicts.Run().Verdicts![2].For(GuaranteeProfile.Unique.Id)!;
        var newer = older with { Kind = VerdictKind.Winner, Leader = "Sequence", Set = ["Sequence"], Recommended = "Sequence",
            Standings = [.. older.Standings.Select(s => s with { Decision = PairDecision.Behind })] };

        Assert.Equal(VerdictKind.Undecided, older.Kind);
        Assert.False(VerdictAgreement.Conflict(older, newer with { Standings = [new("Pipeline", PairDecision.Behind, null, null, null)] }));
        Assert.True(VerdictAgreement.Conflict(newer, older with { Set = ["Pipeline"], Standings = [new("Sequence", PairDecision.Behind, null, null, null)] }));
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
        var text = RunComparer.Compare(SampleVerdicts.Run(), SampleVerdicts.Run(sequenceWinsAt100: true, sequenceWinsAt10: true), "old", "new");

        Assert.Contains("- **Unique numbers**: verdicts agree in **1 of 3** rows (33%); **1 conflicts**; undecided 1 (old) and 0 (new).", text, StringComparison.Ordinal);
        Assert.True(text.IndexOf("## Verdicts", StringComparison.Ordinal) < text.IndexOf("## Agreement of the figures", StringComparison.Ordinal));
        Assert.DoesNotContain("differ in durability", text, StringComparison.Ordinal);
    }

    [Fact]
    public void compare_says_when_the_two_runs_were_made_at_different_durabilities()
    {
        var durable = SampleVerdicts.Run();
        var lazy = durable with { Environment = durable.Environment with { Durability = "async-commit" } };

        var text = RunComparer.Compare(durable, lazy, "durable", "lazy");

        Assert.Contains($"**The runs differ in durability** ({durable.Environment.Durability} → async-commit)", text, StringComparison.Ordinal);
    }
}
