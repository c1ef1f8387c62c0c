using EventCommitLab.Harness.Racing;
using EventCommitLab.Harness.Reporting;
using EventCommitLab.Harness.Results;

namespace EventCommitLab.Tests.Racing;

public sealed class VerdictWriterTests
{
    private static readonly RunRecord Run = SampleVerdicts.Run();

    [Fact]
    public void each_row_gets_a_winner_an_equivalent_set_or_undecided_and_references_are_never_judged()
    {
        var unique = Run.Verdicts!.Select(v => v.For(GuaranteeProfile.Unique.Id)!).ToArray();

        Assert.Equal([VerdictKind.Equivalent, VerdictKind.Winner, VerdictKind.Undecided], unique.Select(v => v.Kind));
        Assert.Equal(["Pipeline", "Pipeline", "Pipeline"], unique.Select(v => v.Recommended));
        Assert.All(Run.Verdicts!, v => Assert.DoesNotContain(v.Profiles.SelectMany(p => p.Set.Concat(p.Standings.Select(s => s.Contender))), n => n == "Simulated"));
        Assert.All(Run.Verdicts!, v => Assert.Equal("Ceiling:OneGroup", v.CeilingVariant));
    }

    [Fact]
    public void the_verdict_table_has_a_row_per_events_and_committers_with_the_choice_its_figures_and_the_nearest_loser()
    {
        var page = VerdictWriter.Write(Run);

        Assert.Contains("## Sustained load · Plain commits", page, StringComparison.Ordinal);
        Assert.Contains("| 1 x 1 | equivalent: **Pipeline**, Sequence |", page, StringComparison.Ordinal);
        Assert.Matches(@"\| 1 x 10 \| \*\*Pipeline\*\* wins \| (9,9\d\d|10,0\d\d) \[", page);
        Assert.Contains("| 100.0x | 0.80 |", page, StringComparison.Ordinal);
        Assert.Contains("Sequence 0.60 [", page, StringComparison.Ordinal);
        Assert.Contains("| p50 / p95 / p99 ms |", page, StringComparison.Ordinal);
        Assert.Contains("| 1.5 / 3 / 4 |", page, StringComparison.Ordinal);
        Assert.Matches(@"\| 1 x 100 \| undecided \(rounds spent\): (\*\*Pipeline\*\*, Sequence|Sequence, \*\*Pipeline\*\*) \|", page);
        Assert.Contains("- **Rows**: 3; undecided 1 (rounds spent: 1): sustained CommitEvents 1 x 100.", page, StringComparison.Ordinal);
        Assert.Contains("- **Ceiling**: not beaten in any cell", page, StringComparison.Ordinal);
        Assert.True(page.Split('\n').Length <= 150, "the page fits a screen or two");
    }

    [Fact]
    public void the_opening_says_what_to_choose_per_guarantee_profile_and_merges_committer_counts_with_the_same_choice()
    {
        var opening = VerdictWriter.Opening(Run);

        Assert.StartsWith("## What to choose", opening, StringComparison.Ordinal);
        Assert.Contains("**Unique numbers**", opening, StringComparison.Ordinal);
        Assert.Contains("**Gap-free, visible in order**", opening, StringComparison.Ordinal);
        Assert.Contains("- Sustained load, plain commits: 1 committer: **Pipeline** (equivalent to Sequence; 10.0x the current implementation, 0.80 of the ceiling); " +
            "10 committers: **Pipeline** (winner; 100.0x the current implementation, 0.80 of the ceiling); 100 committers: **Pipeline** (undecided against Sequence; 200.0x the current implementation, ", opening, StringComparison.Ordinal);
        Assert.Contains("- Sustained load, plain commits: 1–100 committers: **Pipeline** (winner in 3 of 3 rows; 10.0–200.0x the current implementation, ", opening, StringComparison.Ordinal);
    }

    [Fact]
    public void a_run_made_before_the_race_says_it_has_no_verdict()
    {
        Assert.Contains("no verdicts", VerdictWriter.Opening(Run with { Verdicts = null }), StringComparison.Ordinal);
    }
}
