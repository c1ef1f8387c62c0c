using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.Harness.Reads;
using EventCommitLab.Reporting;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.DcbAppends;

/// <summary><c>suite dcb</c> and <c>suite reads</c>: their command lines and their tables.</summary>
public sealed class DcbSuiteTests
{
    private static readonly PostgresStoreConfiguration NoEnvironment = new();

    [Fact]
    public void suite_dcb_takes_the_originals_grid_by_default_and_its_own_sizes_rounds_and_appenders()
    {
        var full = LabOptions.Parse(["suite", "dcb"], NoEnvironment).SuiteSetting<DcbSuiteSettings>();
        Assert.Equal(DcbSuiteSettings.Full, full);
        Assert.Equal(["Tiny", "Small", "Medium"], full.Sizes.Select(s => s.Name));
        Assert.Equal([1, 10], full.EventsPerAppend);
        Assert.Equal([1, 10, 100], full.Clients);
        Assert.Equal(["Append", "AppendIf", "AppendIf, 1 conflicting", "AppendIf, 10 conflicting", "AppendIf, 100 conflicting"], full.Workloads.Select(w => w.Name));

        var chosen = LabOptions.Parse(["suite", "dcb", "--quick", "--rounds", "3", "--sizes", "small,tiny", "--appenders", "TagLocks"], NoEnvironment).SuiteSetting<DcbSuiteSettings>();
        Assert.Equal((3, DcbSuiteSettings.Quick.Window), (chosen.Rounds, chosen.Window));
        Assert.Equal([CourseEnrollmentSize.Small, CourseEnrollmentSize.Tiny], chosen.Sizes);
        Assert.Equal(["TagLocks"], chosen.Appenders);
    }

    [Theory]
    [InlineData(new[] { "suite", "dcb", "--appenders", "Fastest" }, "--appenders: 'Fastest' is not a DCB appender; valid: GroupCommit, TagLocks, Serializable.")]
    [InlineData(new[] { "suite", "dcb", "--sizes", "large" }, "--sizes: 'large' is not a dataset size; valid: tiny, small, medium.")]
    [InlineData(new[] { "suite", "dcb", "--concurrency", "5" }, "suite dcb: --concurrency has no meaning here (the workloads, append sizes and client counts are the originals'); valid: --quick, --rounds, --sizes, --appenders, --store, --out, --label, --durability, --connection, --pg-bin, --mongo-uri, --write-concern, --mongo-retryable.")]
    [InlineData(new[] { "suite", "reads", "--sizes", "tiny" }, "suite reads: --sizes has no meaning here (the workloads and reader counts are the originals'); valid: --quick, --rounds, --store, --out, --label, --durability, --connection, --pg-bin, --mongo-uri, --write-concern, --mongo-retryable.")]
    [InlineData(new[] { "suite", "tags", "--appenders", "TagLocks" }, "suite tags: --appenders has no meaning here (no strategy runs; the logs are built in bulk and only queried); valid: --quick, --rounds, --store, --out, --label, --durability, --connection, --pg-bin, --mongo-uri, --write-concern, --mongo-retryable.")]
    [InlineData(new[] { "suite", "reads", "--rounds", "0" }, "--rounds")]
    public void a_bad_suite_option_is_one_clear_error(string[] args, string message)
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(args, NoEnvironment));
        Assert.StartsWith(message, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void suite_reads_takes_the_originals_sizes_by_default()
    {
        var full = LabOptions.Parse(["suite", "reads"], NoEnvironment).SuiteSetting<ReadsSuiteSettings>();
        Assert.Equal(ReadsSuiteSettings.Full, full);
        Assert.Equal((100_000, 10, 10_000.0, 4), (full.Tags, full.EventsPerTag, full.ThrottledRate, full.Background));
        Assert.Equal(ReadsSuiteSettings.Quick with { Rounds = 4 }, LabOptions.Parse(["suite", "reads", "--quick", "--rounds", "4"], NoEnvironment).SuiteSettings);
    }

    [Fact]
    public void the_dcb_summary_has_a_row_per_workload_and_clients_with_each_appenders_rate_latency_retries_and_allocation_and_the_goals()
    {
        var settings = DcbSuiteSettings.Quick with { Appenders = ["GroupCommit"], Clients = [1, 4] };
        var cells = new List<DcbCellResult>();
        foreach (var workload in settings.Workloads)
        {
            foreach (var clients in settings.Clients)
            {
                var rate = clients * (workload.Conditional ? 95.0 : 100.0);
                cells.Add(new DcbCellResult("Tiny", 1, workload, clients, "GroupCommit", [rate, rate], new Interval(rate, rate - 1, rate + 1, 2),
                    new Interval(rate, rate - 1, rate + 1, 2), new LatencySummary(10, 1.5, 2, 2.5, 3.25, 4), 0.25, 2048));
            }
        }

        var run = new DcbSuiteResult(settings, new Dictionary<string, string> { ["GroupCommit"] = "one writer" }, [new DcbLoad("Tiny", new DatasetCounts(5, 10, 30), TimeSpan.FromMilliseconds(12))],
            cells, DcbGoals.Evaluate(cells, settings), [new DcbVerification("GroupCommit", "Tiny", 40, 0, 60, [])],
            new SuiteEnvironment("cpu", 2, "linux", ".NET", "PostgreSQL", "abc1234", "test", DateTimeOffset.Now, DateTimeOffset.Now));

        var summary = DcbSummaryWriter.Write(run);

        Assert.Contains("| Workload | Clients | GroupCommit appends/s [95%] | p50 / p95 / p99 | retries | alloc |", summary, StringComparison.Ordinal);
        Assert.Contains("| AppendIf | 4 | 380 [379, 381] | 1.5 / 2.5 / 3.25 | 0.25 | 2.0 KiB |", summary, StringComparison.Ordinal);
        Assert.Contains("| Tiny | 5 | 10 | 30 | 45 | 12 ms |", summary, StringComparison.Ordinal);
        Assert.Contains("| C1: AppendIf / Append at 4 clients (Tiny, 1 event per append) | GroupCommit | 0.95 | 0.95 to 0.95 | >= 0.9 | **met** |", summary, StringComparison.Ordinal);
        Assert.Contains("| C2: AppendIf events/s at 4 clients / at 1 (Tiny, 1 event per append) | GroupCommit | 4 | 3.948 to 4.053 | >= 20 | **not met** |", summary, StringComparison.Ordinal);
        Assert.Contains("| Tiny | GroupCommit | 40 | 0 | 60 | none |", summary, StringComparison.Ordinal);
        Assert.Single(DcbSummaryWriter.Charts(run));
    }
}
