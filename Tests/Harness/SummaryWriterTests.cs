using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Tests.Harness;

public sealed class SummaryWriterTests
{
    private readonly string _summary = SummaryWriter.Write(SampleRuns.Run());

    [Fact]
    public void every_table_has_a_column_per_strategy_and_the_ceiling_last()
    {
        var headers = _summary.Split('\n').Where(l => l.StartsWith("| Method |", StringComparison.Ordinal) && !l.Contains("| Contender |", StringComparison.Ordinal)).ToArray();

        Assert.Equal(5, headers.Length);
        Assert.All(headers, h => Assert.EndsWith("| TransactionalCounter | InsertMany | Ceiling |", h.TrimEnd(), StringComparison.Ordinal));
    }

    [Fact]
    public void rows_are_method_events_and_concurrency_and_the_best_strategy_is_bold()
    {
        var meanRow = _summary.Split('\n').First(l => l.StartsWith("| CommitEvents | 1 | 1 |", StringComparison.Ordinal));

        Assert.Equal("| CommitEvents | 1 | 1 | 4 ± 0.1 | **2 ± 0.1** | 1 ± 0.1 |", meanRow.TrimEnd());
    }

    [Fact]
    public void events_per_second_show_the_fraction_of_the_ceiling()
    {
        Assert.Contains("| CommitEvents | 1 | 1 | 250 (0.25) | **500 (0.50)** | 1,000 |", _summary, StringComparison.Ordinal);
    }

    [Fact]
    public void a_failed_case_is_marked_in_every_table_and_its_cause_is_listed_never_a_bare_na()
    {
        Assert.Contains("| CommitEvents | 1 | 10 | 8 ± 0.1 | failed [1] | 2 ± 0.1 |", _summary, StringComparison.Ordinal);
        Assert.Contains("| [1] | CommitEvents InsertMany 1x10 | Retries exhausted after 201 attempts in 120 s; last transient failure: 23505: duplicate key |", _summary, StringComparison.Ordinal);
        Assert.DoesNotContain("NA", _summary.Replace("NAME", "", StringComparison.Ordinal), StringComparison.Ordinal);
    }

    [Fact]
    public void the_header_records_where_and_how_the_run_was_made()
    {
        Assert.Contains("| Machine | Test CPU, 2 cores, 24 GiB |", _summary, StringComparison.Ordinal);
        Assert.Contains("| Store | PostgreSQL 15 (test) |", _summary, StringComparison.Ordinal);
        Assert.Contains("median 0.7 ms, p95 3.1 ms", _summary, StringComparison.Ordinal);
        Assert.Contains("| Job | quick |", _summary, StringComparison.Ordinal);
    }

    [Fact]
    public void the_guarantee_matrix_lists_claims_and_the_verifier_findings()
    {
        Assert.Contains("| TransactionalCounter | claimed | claimed | claimed | claimed | clean in 2 of 2 cases |", _summary, StringComparison.Ordinal);
        Assert.Contains("| InsertMany | claimed | no | claimed | no | clean in 2 of 2 cases |", _summary, StringComparison.Ordinal);
    }
}
