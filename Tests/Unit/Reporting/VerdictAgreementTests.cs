using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class VerdictAgreementTests
{
    [Fact]
    public void a_run_compared_with_itself_decides_the_same_in_every_decided_row_and_its_undecided_row_agrees_on_nothing()
    {
        var agreement = VerdictAgreement.Of(SampleVerdicts.Run(), SampleVerdicts.Run());

        Assert.Equal(GuaranteeProfile.All.Select(p => p.Id), agreement.Select(a => a.Profile));
        var unique = agreement[0];
        Assert.Equal((3, 2, 2, 0, 0, 1), (unique.Rows.Count, unique.DecidedInBoth, unique.DecidedTheSame, unique.DecidedInOlderOnly, unique.DecidedInNewerOnly, unique.UndecidedInBoth));
        Assert.Empty(unique.Conflicts);
        Assert.Equal([VerdictDifferenceKind.UndecidedInBoth], unique.Differences.Select(d => d.Kind));
    }

    [Fact]
    public void undecided_in_both_is_not_agreement_even_where_the_two_sets_overlap()
    {
        var undecided = SampleVerdicts.Run().Verdicts![2].For(GuaranteeProfile.Unique.Id)!;
        Assert.Equal(VerdictKind.Undecided, undecided.Kind);

        Assert.Equal(VerdictDifferenceKind.UndecidedInBoth, VerdictAgreement.KindOf(undecided, undecided));
        Assert.Equal(VerdictDifferenceKind.UndecidedInBoth, VerdictAgreement.KindOf(undecided, null));
    }

    [Fact]
    public void a_strategy_one_run_decided_on_and_behind_in_the_other_is_a_conflict_and_rows_decided_apart_are_counted_apart()
    {
        var agreement = VerdictAgreement.Of(SampleVerdicts.Run(), SampleVerdicts.Run(sequenceWinsAt100: true, sequenceWinsAt10: true))[0];

        var at10 = agreement.Rows.Single(r => r.Cell.Committers == 10);
        Assert.Equal((VerdictDifferenceKind.DifferentDecision, "Pipeline (winner)", "Sequence (winner)"), (at10.Kind, at10.Older, at10.Newer));
        Assert.StartsWith("old's choice Pipeline is ", at10.Conflict, StringComparison.Ordinal);
        var at100 = agreement.Rows.Single(r => r.Cell.Committers == 100);
        Assert.Equal(VerdictDifferenceKind.DecidedInNewerOnly, at100.Kind);
        Assert.Equal((2, 1, 1), (agreement.DecidedInBoth, agreement.DecidedTheSame, agreement.DecidedInNewerOnly));
    }

    [Fact]
    public void an_undecided_runs_choice_that_is_behind_by_far_in_the_other_run_is_a_conflict()
    {
        var decided = SampleVerdicts.Run(sequenceWinsAt100: true).Verdicts![2].For(GuaranteeProfile.Unique.Id)!;
        var undecided = decided with
        {
            Kind = VerdictKind.Undecided,
            Leader = "Pipeline",
            Set = ["Pipeline", "Sequence"],
            Recommended = "Pipeline",
            Standings = [new ContenderStanding("Sequence", PairDecision.Undecided, new Interval(0.98, 0.9, 1.1, 10), null, null)],
        };
        Assert.Equal(("Sequence", VerdictKind.Winner), (decided.Recommended, decided.Kind));
        Assert.Contains(decided.Standings, s => s.Contender == "Pipeline" && s.Decision is PairDecision.Behind or PairDecision.Slower);

        Assert.StartsWith("old's choice Pipeline is ", VerdictAgreement.ConflictOf(undecided, decided), StringComparison.Ordinal);
        Assert.StartsWith("new's choice Pipeline is ", VerdictAgreement.ConflictOf(decided, undecided), StringComparison.Ordinal);
    }

    [Fact]
    public void a_pair_equivalent_in_one_run_and_a_few_per_cent_apart_in_the_other_is_separated_in_one_run_only_not_a_conflict()
    {
        var equivalent = Against(VerdictKind.Equivalent, "Fast", "Strong", PairDecision.Equivalent, new Interval(0.98, 0.93, 1.03, 24));
        var winner = Against(VerdictKind.Winner, "Strong", "Fast", PairDecision.Slower, new Interval(0.92, 0.87, 0.98, 24));

        var (conflict, separated) = VerdictAgreement.Weigh(equivalent, winner);

        Assert.Null(conflict);
        Assert.Equal("old's choice Fast is separably slower than Strong in new: 0.92 [0.87–0.98], in old: 1.02 [0.97–1.08]", separated);
        Assert.Equal(VerdictDifferenceKind.DifferentDecision, VerdictAgreement.KindOf(equivalent, winner));
    }

    [Fact]
    public void a_pair_equivalent_in_one_run_and_behind_by_more_than_the_margin_in_the_other_is_a_conflict()
    {
        var equivalent = Against(VerdictKind.Equivalent, "Fast", "Strong", PairDecision.Equivalent, new Interval(0.98, 0.93, 1.03, 24));
        var winner = Against(VerdictKind.Winner, "Strong", "Fast", PairDecision.Behind, new Interval(0.80, 0.74, 0.86, 24));

        var (conflict, separated) = VerdictAgreement.Weigh(equivalent, winner);

        Assert.Equal("old's choice Fast is behind Strong in new: 0.80 [0.74–0.86], in old: 1.02 [0.97–1.08]", conflict);
        Assert.Null(separated);
    }

    [Fact]
    public void an_undecided_runs_leader_a_few_per_cent_slower_in_the_other_run_is_separated_in_one_run_only()
    {
        var undecided = Against(VerdictKind.Undecided, "Fast", "Strong", PairDecision.Undecided, new Interval(0.97, 0.90, 1.05, 48));
        var winner = Against(VerdictKind.Winner, "Strong", "Fast", PairDecision.Slower, new Interval(0.94, 0.90, 0.98, 48));

        Assert.Null(VerdictAgreement.ConflictOf(undecided, winner));
        Assert.StartsWith("old's choice Fast is separably slower than Strong in new", VerdictAgreement.Weigh(undecided, winner).SeparatedInOneRun, StringComparison.Ordinal);
    }

    [Fact]
    public void equivalent_sets_that_each_hold_the_others_choice_decide_the_same_and_a_winner_against_another_choice_does_not()
    {
        var run = SampleVerdicts.Run();
        var equivalent = run.Verdicts![0].For(GuaranteeProfile.Unique.Id)!;
        Assert.Equal(VerdictKind.Equivalent, equivalent.Kind);
        var other = equivalent.Set.Single(s => s != equivalent.Recommended);
        var otherChoice = equivalent with { Leader = other, Recommended = other };
        var winner = equivalent with { Kind = VerdictKind.Winner, Set = [equivalent.Recommended] };

        Assert.True(VerdictAgreement.SameDecision(equivalent, otherChoice));
        Assert.True(VerdictAgreement.SameDecision(equivalent, winner));
        Assert.False(VerdictAgreement.SameDecision(winner, otherChoice));
        Assert.Null(VerdictAgreement.ConflictOf(equivalent, otherChoice));
    }

    [Fact]
    public void compare_prints_the_verdicts_counted_on_decisions_before_the_figures()
    {
        var text = RunComparer.Compare(SampleVerdicts.Run(), SampleVerdicts.Run(sequenceWinsAt100: true, sequenceWinsAt10: true), "old", "new");

        Assert.Contains("- **Unique numbers**, 3 rows: decided in both **2** (66.6%), of which the same decision **1 of 2** (50%), identical (the same kind, set and choice) **1** (50%), the same choice 1; decided in one only 1 (old only 0, new only 1); undecided in both 0; **1 conflicts**; separated in one run only 0; **a run's choice separably slower in the other run: 1** (decided or not, conflicts included).", text, StringComparison.Ordinal);
        Assert.True(text.IndexOf("## Verdicts", StringComparison.Ordinal) < text.IndexOf("## Agreement of the figures", StringComparison.Ordinal));
        Assert.DoesNotContain("differ in durability", text, StringComparison.Ordinal);
        Assert.DoesNotContain("agree in", text, StringComparison.Ordinal);
    }

    [Fact]
    public void a_row_one_runs_budget_left_out_counts_as_undecided_there()
    {
        var full = SampleVerdicts.Run();
        var cut = full with
        {
            Verdicts = [.. full.Verdicts!.Take(2)],
            LeftOut = [new LeftOutCell(full.Verdicts![2].Cell, 12)],
        };

        var unique = VerdictAgreement.Of(cut, full)[0];

        var row = unique.Rows.Single(r => r.Cell == full.Verdicts[2].Cell);
        Assert.Equal(("not run: the budget left it out", VerdictDifferenceKind.UndecidedInBoth), (row.Older, row.Kind));
    }

    [Fact]
    public void where_a_runs_choice_is_not_its_leader_a_strategy_is_compared_with_that_choice_directly_over_the_runs_rounds()
    {
        var verdict = new ProfileVerdict(GuaranteeProfile.Unique.Id, VerdictKind.Equivalent, "Fast", ["Fast", "Strong"], "Strong",
            [new ContenderStanding("Strong", PairDecision.Equivalent, new Interval(0.98, 0.93, 1.03, 24), null, null)]);
        PairedComparison Pair(PairDecision decision) => new(new Interval(0.9, 0.85, 0.95, 24), decision, 0.05);

        Assert.Null(VerdictAgreement.Against("Fast", verdict, "new", (_, _) => Pair(PairDecision.Faster)));
        Assert.Equal("is separably slower than Strong in new: 0.90 [0.85–0.95]", VerdictAgreement.Against("Fast", verdict, "new", (_, _) => Pair(PairDecision.Slower)));
        Assert.Null(VerdictAgreement.Against("Unknown", verdict, "new", (_, _) => Pair(PairDecision.Slower)));
    }

    [Fact]
    public void rows_only_a_reduced_grid_holds_are_counted_apart_and_not_compared()
    {
        var full = SampleVerdicts.Run();
        var reduced = full with { Verdicts = [full.Verdicts![0], full.Verdicts[1]], Cases = [.. full.Cases.Where(c => c.Cell.Committers != 100)] };

        var unique = VerdictAgreement.Of(full, reduced)[0];

        Assert.Equal((2, 1, 0), (unique.Rows.Count, unique.OnlyInOlder, unique.OnlyInNewer));
        Assert.Contains("(rows in one run's grid only, not compared: old 1, new 0)", RunComparer.Compare(full, reduced, "full", "reference"), StringComparison.Ordinal);
    }

    [Fact]
    public void compare_says_when_the_two_runs_were_made_at_different_durabilities()
    {
        var durable = SampleVerdicts.Run();
        var lazy = durable with { Environment = durable.Environment with { Durability = "async-commit" } };

        var text = RunComparer.Compare(durable, lazy, "durable", "lazy");

        Assert.Contains($"**The runs differ in durability** ({durable.Environment.Durability} → async-commit)", text, StringComparison.Ordinal);
    }

    /// <summary>A verdict on two strategies: <paramref name="leader"/> chosen, <paramref name="other"/> standing against it.</summary>
    private static ProfileVerdict Against(VerdictKind kind, string leader, string other, PairDecision decision, Interval ratio) =>
        new(GuaranteeProfile.Unique.Id, kind, leader, kind == VerdictKind.Winner ? [leader] : [leader, other], leader, [new ContenderStanding(other, decision, ratio, null, null)]);
}
