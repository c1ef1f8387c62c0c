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
    public void the_grid_has_a_row_per_events_and_committers_with_the_choice_what_it_rests_on_its_figures_and_the_nearest_loser()
    {
        var grid = VerdictWriter.Grid(Run);

        Assert.Contains("### Sustained load · Plain commits", grid, StringComparison.Ordinal);
        Assert.Contains("<img src=\"charts/events-per-second-sustained-CommitEvents-1.svg\" width=\"49%\">", grid, StringComparison.Ordinal);
        Assert.Contains("| Events x committers | Verdict | Events/s | × current | Of ceiling |", grid, StringComparison.Ordinal);
        Assert.Contains("| 1 x 1 | equivalent: **Pipeline**, Sequence; wrong with at most 5% chance |", grid, StringComparison.Ordinal);
        Assert.Matches(@"\| 1 x 10 \| \*\*Pipeline\*\* wins; wrong with at most 5% chance \| (9,9\d\d|10,0\d\d) \|", grid);
        Assert.Contains("| 100x (one window) | 0.80 [0.80–0.80] |", grid, StringComparison.Ordinal);
        Assert.Contains("Sequence 0.60 [", grid, StringComparison.Ordinal);
        Assert.Contains("| 1.5 / 3 / 4 |", grid, StringComparison.Ordinal);
        Assert.Matches(@"\| 1 x 100 \| undecided \(rounds spent[^)]*\): (Pipeline|Sequence) leads (Pipeline|Sequence) \d\.\d\d \[", grid);
        Assert.Contains(VerdictWriter.Grid(Run), DetailsWriter.Write(Run), StringComparison.Ordinal);
    }

    [Fact]
    public void a_strategy_whose_ratio_to_the_ceiling_lies_above_one_is_named_under_how_sure_in_one_case_or_several()
    {
        var cases = Run.Cases.ToArray();
        var strategies = Enumerable.Range(0, cases.Length).Where(i => !cases[i].IsCeiling && cases[i].Race.RatioToCeiling is not null).Take(2).ToArray();
        foreach (var i in strategies)
        {
            cases[i] = cases[i] with { Race = cases[i].Race with { RatioToCeiling = new Interval(1.05, 1.01, 1.1, 6) } };
        }

        var one = VerdictWriter.Write(Run with { Cases = [.. cases.Select((c, i) => i == strategies[1] ? Run.Cases[i] : c)] });
        var two = VerdictWriter.Write(Run with { Cases = cases });

        Assert.Contains($"- **Ceiling beaten in 1 case** (interval above 1): {cases[strategies[0]].Contender} in ", one, StringComparison.Ordinal);
        Assert.Contains("- **Ceiling beaten in 2 cases** (interval above 1): ", two, StringComparison.Ordinal);
    }

    [Fact]
    public void the_page_says_how_sure_the_answer_is_in_short_lines_and_draws_each_rows_decision()
    {
        var page = VerdictWriter.Write(Run);

        Assert.Contains("- **Unique numbers**: **2 of 3** rows decided (66.6%): 1 winner, 1 equivalent set; 1 undecided (rounds spent: 1).", page, StringComparison.Ordinal);
        Assert.Contains("- **A decided row is wrong with at most 5 % chance**, over every comparison and look it rests on", page, StringComparison.Ordinal);
        Assert.Contains("- **Ceiling**: no strategy's ratio to it lies above 1 in any row.", page, StringComparison.Ordinal);
        Assert.All(DecisionPlot.Sections(Run), s => Assert.Contains($"<img src=\"charts/{s.Name}.svg\"", page, StringComparison.Ordinal));
        Assert.All(page.Split('\n').Where(l => !l.StartsWith('|')), l => Assert.True(l.Length <= 200, $"a line over 200 characters: {l}"));
        Assert.DoesNotContain("| Events x committers |", page, StringComparison.Ordinal);
    }

    [Fact]
    public void the_answer_has_a_row_per_writers_numbers_and_method_and_a_column_per_committer_count()
    {
        var answer = VerdictWriter.Opening(Run);

        Assert.StartsWith("## Your answer", answer, StringComparison.Ordinal);
        Assert.Contains("| Writers · numbers · commits | 1 committer | 10 committers | 100 committers |", answer, StringComparison.Ordinal);
        Assert.Contains("| one writer process · unique numbers · plain commits | **Pipeline**<br>", answer, StringComparison.Ordinal);
        Assert.Contains("| several writer processes · unique numbers · plain commits |", answer, StringComparison.Ordinal);
        Assert.Contains("| one or several writer processes · gap-free numbers, visible in order · plain commits |", answer, StringComparison.Ordinal);
        Assert.Contains("*undecided* in 1 row (leading: ", answer, StringComparison.Ordinal);
        // The nearest option says when it is in the choice's equivalent set, where its ratio may lie above 1.
        Assert.Matches(@"\| one writer process · unique numbers · plain commits \| [^|]*nearest: Sequence \d\.\d\d \[[^\]]*\] \(equivalent\)", answer);
        Assert.True(answer.Split('\n').Length <= 40, "the answer fits a screen");
    }

    [Fact]
    public void an_answer_for_several_writer_processes_never_names_a_strategy_unsafe_with_them()
    {
        var answer = VerdictWriter.Opening(SampleVerdicts.Run(sequenceWinsAt100: true, sequenceWinsAt10: true));
        var several = answer.Split('\n').Where(l => l.StartsWith("| several writer processes", StringComparison.Ordinal)).ToArray();

        Assert.NotEmpty(several);
        Assert.Contains("**Sequence**", answer, StringComparison.Ordinal);
        Assert.All(several, l => Assert.DoesNotContain("**Sequence**", l, StringComparison.Ordinal));
    }

    [Fact]
    public void the_checks_line_counts_the_commits_told_failed_that_were_found_absent_and_says_nothing_of_them_when_there_were_none()
    {
        var stopped = Run with { Cases = [.. Run.Cases.Select((c, i) => i < 2 ? c with { Verification = c.Verification with { FailedCommitsChecked = 1_200 } } : c)] };

        Assert.Contains("cases; 2,400 commits told they failed found absent.", VerdictWriter.Write(stopped), StringComparison.Ordinal);
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

        Assert.Contains("**2 of 3** rows decided (66.6%): 1 winner, 1 equivalent set; 1 not run.", page, StringComparison.Ordinal);
        Assert.Contains("- **Not run**: sustained CommitEvents 1 x 100: the budget left it out, whole (about 42 s of starts, qualifying round and checks).", page, StringComparison.Ordinal);
    }

    [Fact]
    public void what_the_store_does_differently_is_stated_on_the_page_and_nothing_where_it_does_not()
    {
        var onMongo = Run with { Environment = Run.Environment with { StoreCaveat = "on this store a second writer is aborted, not queued" } };

        Assert.Contains("- **On this store**: on this store a second writer is aborted, not queued.", VerdictWriter.Write(onMongo), StringComparison.Ordinal);
        Assert.DoesNotContain("**On this store**", VerdictWriter.Write(Run), StringComparison.Ordinal);
    }
}
