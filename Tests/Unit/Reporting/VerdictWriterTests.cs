using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class VerdictWriterTests
{
    private static readonly RunRecord Run = SampleVerdicts.Run();

    [Fact]
    public void each_row_gets_a_winner_an_equivalent_set_or_undecided_with_its_choice_and_references_are_never_judged()
    {
        var unique = Run.Verdicts!.Select(v => v.For(GuaranteeProfile.Unique.Id)!).ToArray();

        Assert.Equal([VerdictKind.Equivalent, VerdictKind.Winner, VerdictKind.Undecided], unique.Select(v => v.Kind));
        Assert.Equal(["Pipeline", "Pipeline"], unique.Take(2).Select(v => v.Recommended));
        Assert.Equal(unique[2].Leader, unique[2].Recommended);
        Assert.All(Run.Verdicts!, v => Assert.DoesNotContain(v.Profiles.SelectMany(p => p.Set.Concat(p.Standings.Select(s => s.Contender))), n => n == "Simulated"));
        Assert.All(Run.Verdicts!, v => Assert.Equal("Ceiling:OneGroup", v.CeilingVariant));
    }

    [Fact]
    public void the_choice_is_never_a_member_shown_slower_or_behind_the_leader()
    {
        foreach (var verdict in Run.Verdicts!.SelectMany(v => v.Profiles))
        {
            Assert.Contains(verdict.Recommended, verdict.Set);
            Assert.DoesNotContain(verdict.Standings, s => s.Contender == verdict.Recommended && s.Decision is PairDecision.Slower or PairDecision.Behind);
        }
    }

    [Fact]
    public void the_verdict_table_has_a_row_per_events_and_committers_with_the_choice_what_it_rests_on_its_figures_and_the_nearest_loser()
    {
        var page = VerdictWriter.Write(Run);

        Assert.Contains("## Sustained load · Plain commits", page, StringComparison.Ordinal);
        Assert.Contains("<img src=\"charts/events-per-second-sustained-CommitEvents-1.svg\" width=\"32%\">", page, StringComparison.Ordinal);
        Assert.Contains("| Events x committers | Verdict | Events/s | × current | Of ceiling |", page, StringComparison.Ordinal);
        Assert.Contains("| 1 x 1 | equivalent: **Pipeline**, Sequence; wrong with at most 5% chance |", page, StringComparison.Ordinal);
        Assert.Matches(@"\| 1 x 10 \| \*\*Pipeline\*\* wins; wrong with at most 5% chance \| (9,9\d\d|10,0\d\d) \|", page);
        Assert.Contains("| 100x (one window) | 0.80 [0.80–0.80] |", page, StringComparison.Ordinal);
        Assert.Contains("Sequence 0.60 [", page, StringComparison.Ordinal);
        Assert.Contains("| 1.5 / 3 / 4 |", page, StringComparison.Ordinal);
        Assert.Matches(@"\| 1 x 100 \| undecided \(rounds spent[^)]*\): (Pipeline|Sequence) leads (Pipeline|Sequence) \d\.\d\d \[", page);
        Assert.Contains("- **Rows decided, unique numbers**: **2 of 3** (66.6%): a winner in 1, an equivalent set in 1; undecided 1 (rounds spent: 1): sustained CommitEvents 1 x 100.", page, StringComparison.Ordinal);
        Assert.Contains("both one-sided bounds within [0.90, 1.11]", page, StringComparison.Ordinal);
        Assert.Contains("**A decided row is wrong with at most 5 % chance, over every decision it rests on**", page, StringComparison.Ordinal);
        Assert.Contains("- **Ceiling**: not beaten in any cell", page, StringComparison.Ordinal);
        Assert.True(page.Split('\n').Length <= 150, "the page fits a screen or two");
    }

    [Fact]
    public void the_opening_says_what_to_choose_in_a_table_row_per_load_and_method_and_a_column_per_committer_count_with_the_gap_free_choice_where_it_differs()
    {
        var opening = VerdictWriter.Opening(Run);
        var lines = opening.Split('\n', StringSplitOptions.RemoveEmptyEntries);

        Assert.StartsWith("## What to choose", opening, StringComparison.Ordinal);
        Assert.True(lines.Length <= 11, $"at most ten lines under the heading: {lines.Length - 1}");
        Assert.Contains("| Load · method | 1 committer | 10 committers | 100 committers |", opening, StringComparison.Ordinal);
        Assert.Matches(@"\| Sustained load · plain commits \| \*\*Pipeline\*\* ≈ Sequence ↳ \*\*Pipeline\*\* \| \*\*Pipeline\*\* \| \*(Pipeline|Sequence)\*\? ↳ \*\*Pipeline\*\* \|", opening);
    }

    [Fact]
    public void the_checks_line_counts_the_commits_told_failed_that_were_found_absent_and_says_nothing_of_them_when_there_were_none()
    {
        var stopped = Run with { Cases = [.. Run.Cases.Select((c, i) => i < 2 ? c with { Verification = c.Verification with { FailedCommitsChecked = 1_200 } } : c)] };

        Assert.Contains("checked cases; 2,400 commits whose callers were told they failed (a round's drain stops retrying) were each found absent from their log.", VerdictWriter.Write(stopped), StringComparison.Ordinal);
        Assert.DoesNotContain("told they failed", VerdictWriter.Write(Run), StringComparison.Ordinal);
    }

    [Fact]
    public void a_run_made_before_the_race_says_it_has_no_verdict()
    {
        Assert.Contains("no verdicts", VerdictWriter.Opening(Run with { Verdicts = null }), StringComparison.Ordinal);
    }

    [Fact]
    public void a_run_whose_every_strategy_failed_writes_its_page_saying_no_strategy_was_judged()
    {
        var failed = Run with { Verdicts = [.. Run.Verdicts!.Select(v => v with { Profiles = [] })] };

        var page = VerdictWriter.Write(failed);

        Assert.Contains("This run has no verdicts (it was made before the race, or judged no strategy).", page, StringComparison.Ordinal);
    }

    [Fact]
    public void a_row_the_budget_left_out_is_listed_as_not_run_and_counted_undecided()
    {
        var cut = Run with { Verdicts = [.. Run.Verdicts!.Take(2)], LeftOut = [new LeftOutCell(Run.Verdicts![2].Cell, 42)] };

        var page = VerdictWriter.Write(cut);

        Assert.Contains("**2 of 3** (66.6%): a winner in 1, an equivalent set in 1; not run 1 (the budget left them out).", page, StringComparison.Ordinal);
        Assert.Contains("- **Not run**: sustained CommitEvents 1 x 100: the budget left it out, whole (its starts, qualifying round and checks alone would have taken about 42 s).", page, StringComparison.Ordinal);
    }

    [Fact]
    public void what_the_store_does_differently_is_stated_on_the_page_and_nothing_where_it_does_not()
    {
        var onMongo = Run with { Environment = Run.Environment with { StoreCaveat = "on this store a second writer is aborted, not queued" } };

        Assert.Contains("- **On this store**: on this store a second writer is aborted, not queued.", VerdictWriter.Write(onMongo), StringComparison.Ordinal);
        Assert.DoesNotContain("**On this store**", VerdictWriter.Write(Run), StringComparison.Ordinal);
    }
}
