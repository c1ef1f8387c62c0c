using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Reporting;
using EventCommitLab.Tests.Engine;

namespace EventCommitLab.Tests.Reporting;

public sealed class DetailsWriterTests
{
    private readonly string _summary = DetailsWriter.Write(SampleRuns.Run());

    private string Row(string table, string start) =>
        _summary[_summary.IndexOf(table, StringComparison.Ordinal)..].Split('\n').First(l => l.StartsWith(start, StringComparison.Ordinal)).TrimEnd();

    [Fact]
    public void every_table_has_a_column_per_contender_with_the_ceiling_last()
    {
        var headers = _summary.Split('\n').Where(l => l.StartsWith("| Method |", StringComparison.Ordinal)).ToArray();

        Assert.NotEmpty(headers);
        Assert.Contains(headers, h => h.TrimEnd().EndsWith("| TransactionalCounter | InsertMany | Ceiling | Winner |", StringComparison.Ordinal));
        Assert.All(headers, h => Assert.Contains("| TransactionalCounter | InsertMany |", h, StringComparison.Ordinal));
    }

    [Fact]
    public void the_precision_says_how_many_cases_lost_more_than_a_hundredth_and_a_tenth_of_their_time_to_the_collector_and_a_table_gives_each()
    {
        var run = SampleRuns.Run();
        double[] shares = [0, 0.005, 0.02, 0.2, 0.011];
        var paused = run with { Cases = [.. run.Cases.Select((c, i) => c with { Process = c.Process with { GcPauseShare = i < shares.Length ? shares[i] : null } })] };

        var page = DetailsWriter.Write(paused);

        Assert.Contains("- Cases whose process stood still for the garbage collector more than 1% of their measured time: **3 of 5**; more than 10%: **1** (per case in the tables below).", page, StringComparison.Ordinal);
        Assert.Contains("### The lab's garbage-collection pauses", page, StringComparison.Ordinal);
        Assert.DoesNotContain("stood still for the garbage collector", _summary, StringComparison.Ordinal);
    }

    [Fact]
    public void a_case_read_from_an_older_record_with_neither_a_figure_nor_a_failure_is_shown_without_a_figure()
    {
        var run = SampleRuns.Run();
        var blank = run with { Cases = [.. run.Cases.Select(c => c.Contender == "TransactionalCounter" && c.Cell.Committers == 1 ? c with { Race = c.Race with { EventsPerSecond = null } } : c)] };

        var row = DetailsWriter.Write(blank).Split('\n').First(l => l.StartsWith("| CommitEvents | 1 | 1 |", StringComparison.Ordinal));

        Assert.StartsWith("| CommitEvents | 1 | 1 | - |", row, StringComparison.Ordinal);
    }

    [Fact]
    public void a_separable_winner_is_bold_with_its_interval_and_ratio_to_the_ceiling()
    {
        var row = Row("### Events per second", "| CommitEvents | 1 | 1 |");

        Assert.Matches(@"^\| CommitEvents \| 1 \| 1 \| 100 \[\d+–\d+\] \(0\.25\) \| \*\*200 \[\d+–\d+\] \(0\.50\)\*\* \| 400 \[\d+–\d+\] \| InsertMany \|$", row);
    }

    [Fact]
    public void contenders_that_cannot_be_told_apart_are_marked_tied_and_the_row_says_tie()
    {
        var row = Row("### Events per second", "| CommitEvents | 1 | 100 |");

        Assert.Equal(2, row.Split("≈ 5").Length - 1);
        Assert.DoesNotContain("**", row, StringComparison.Ordinal);
        Assert.EndsWith("| tie: TransactionalCounter ≈ InsertMany |", row, StringComparison.Ordinal);
    }

    [Fact]
    public void the_runs_own_precision_is_stated_at_the_top()
    {
        Assert.Contains("Strategy/ceiling ratios whose 95% interval lies within ±15%: **5 of 5** (100%)", _summary, StringComparison.Ordinal);
        Assert.Contains("Rows whose best strategy is separable from every other: **2 of 3**", _summary, StringComparison.Ordinal);
        Assert.True(_summary.IndexOf("## How precise", StringComparison.Ordinal) < _summary.IndexOf("## Waves", StringComparison.Ordinal));
    }

    [Fact]
    public void a_failed_case_is_marked_in_every_table_and_its_cause_is_listed_with_its_type()
    {
        Assert.StartsWith("| CommitEvents | 1 | 10 | **300", Row("### Events per second", "| CommitEvents | 1 | 10 |"), StringComparison.Ordinal);
        Assert.Contains("| failed [1] |", Row("### Events per second", "| CommitEvents | 1 | 10 |"), StringComparison.Ordinal);
        Assert.Contains("| [1] | waves CommitEvents 1 x 10 InsertMany | CommitRetriesExhaustedException: Retries exhausted", _summary, StringComparison.Ordinal);
    }

    [Fact]
    public void group_latency_is_labelled_apart_from_commit_latency()
    {
        var row = Row("### Commit latency", "| CommitEvents | 1 | 1 |");

        Assert.Equal("| CommitEvents | 1 | 1 | 1.5 / 3 / 4 | 1.5 / 3 / 4 | 1 / 2.5 / 3 (group) |", row);
    }

    [Fact]
    public void the_header_records_where_and_how_the_run_was_made()
    {
        Assert.Contains("| Machine | Test CPU, 2 cores, 24 GiB |", _summary, StringComparison.Ordinal);
        Assert.Contains("| Store | PostgreSQL 15 (test) |", _summary, StringComparison.Ordinal);
        Assert.Contains("median 0.7 ms, p95 3.1 ms", _summary, StringComparison.Ordinal);
        Assert.Contains("5 interleaved rounds per cell", _summary, StringComparison.Ordinal);
        Assert.Contains("a CHECKPOINT before every contender's turn", _summary, StringComparison.Ordinal);
    }

    [Fact]
    public void the_guarantee_matrix_lists_claims_and_the_verifier_findings()
    {
        Assert.Contains("| TransactionalCounter | claimed | claimed | claimed | claimed | clean in 3 verified of 3 cases |", _summary, StringComparison.Ordinal);
        Assert.Contains("| InsertMany | claimed | no | claimed | no | clean in 2 verified of 3 cases |", _summary, StringComparison.Ordinal);
        Assert.Contains("| Ceiling | - | - | - | - | row count checked: 3 of 3 cases held exactly the rows written |", _summary, StringComparison.Ordinal);
    }

    [Fact]
    public void conditional_commits_are_set_against_the_same_strategys_plain_and_aggregate_commits_of_that_size()
    {
        CaseResult[] Cell(BenchmarkMethod method, double counter) =>
        [
            .. CellAnalysis.Analyse(
            [
                SampleRuns.Case("TransactionalCounter", 10, SampleRuns.Rounds(counter), method: method),
                SampleRuns.Case("Ceiling", 10, SampleRuns.Rounds(1000), method: method),
            ]),
        ];
        var run = new RunRecord(
            SampleRuns.Environment,
            SampleRuns.Claims,
            [.. Cell(BenchmarkMethod.CommitEvents, 400), .. Cell(BenchmarkMethod.CommitAggregateEvents, 250), .. Cell(BenchmarkMethod.CommitConditionalEvents, 200)]);

        var summary = DetailsWriter.Write(run);

        Assert.Contains("### Conditional commits against plain / aggregate commits", summary, StringComparison.Ordinal);
        Assert.Matches(@"\| 1 \| 10 \| 0\.50 \[0\.4\d–0\.5\d\] / 0\.80 \[0\.7\d–0\.8\d\] \|", summary);
        Assert.Contains("| Conditional commits | CommitConditionalEvents: ", summary, StringComparison.Ordinal);
    }

    [Fact]
    public void a_run_without_conditional_commits_has_no_conditional_section()
    {
        var summary = DetailsWriter.Write(SampleRuns.Run());

        Assert.DoesNotContain("Conditional commits", summary, StringComparison.Ordinal);
    }

    [Fact]
    public void each_cells_time_is_split_into_its_mandatory_parts_with_the_first_look_and_the_racing_beyond_it_with_the_runs_totals()
    {
        var run = SampleVerdicts.Run();
        var timed = run with { Verdicts = [.. run.Verdicts!.Select((v, i) => v with { Time = new CellTime(30, 6, 6, 24 - (6 * i), 6, 6) })] };

        var summary = DetailsWriter.Write(timed);

        Assert.Contains("## Where the cells' time went", summary, StringComparison.Ordinal);
        Assert.StartsWith("Over 3 cells, 1.8 min: racing beyond the first looks 0.6 min (33%); the mandatory parts every cell pays whatever its race 1.2 min (67%): every contender's start with its warm-up 0.3 min, the qualifying round 0.3 min, the race rounds to the first look 0.3 min, stopping every contender and reading its log back 0.3 min.", summary.Split('\n').Single(l => l.StartsWith("Over ", StringComparison.Ordinal)), StringComparison.Ordinal);
        Assert.Contains("| sustained CommitEvents 1 x 100 | 30.0 | 6.0 | 6.0 | 12.0 | 6.0 | 6.0 |", summary, StringComparison.Ordinal);
        Assert.Contains("| undecided when its rounds ran out |", summary, StringComparison.Ordinal);
    }

    [Fact]
    public void a_run_that_did_not_keep_its_first_looks_time_counts_its_rounds_as_racing_and_says_so()
    {
        var run = SampleVerdicts.Run();
        var timed = run with { Verdicts = [.. run.Verdicts!.Select((v, i) => v with { Time = new CellTime(30, 6, 6, 24 - (6 * i), 6) })] };

        var summary = DetailsWriter.Write(timed);

        Assert.StartsWith("Over 3 cells, 1.8 min: racing 0.9 min (50%); starts, qualifying rounds and checks 0.9 min (50%): every contender's start with its warm-up 0.3 min, the qualifying round 0.3 min, stopping every contender and reading its log back 0.3 min (this run did not keep what its rounds to the first look took).", summary.Split('\n').Single(l => l.StartsWith("Over ", StringComparison.Ordinal)), StringComparison.Ordinal);
        Assert.Contains("| sustained CommitEvents 1 x 100 | 30.0 | 6.0 | 6.0 | 12.0 | - | 6.0 |", summary, StringComparison.Ordinal);
    }

    [Fact]
    public void a_run_recorded_before_cell_times_has_no_time_section()
    {
        Assert.DoesNotContain("## Where the cells' time went", DetailsWriter.Write(SampleVerdicts.Run()), StringComparison.Ordinal);
    }
}
