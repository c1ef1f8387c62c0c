using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Journal;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Journal;

/// <summary><c>suite journal</c>: a tiny real run beside the real Akka journal.</summary>
public sealed class JournalSuiteTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-journal-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public async Task a_tiny_real_run_drives_two_strategies_and_the_real_akka_journal_through_every_workload_and_reads_every_stream_back()
    {
        var folder = Path.Combine(_root, "journal");
        var options = LabOptions.Parse(
            ["suite", "journal", "--quick", "--messages", "4", "--rounds", "1", "--strategies", "BatchingPipeline,InMemorySequence", "--out", folder],
            PostgresStoreConfiguration.FromEnvironment());

        var exit = await JournalSuite.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        var summary = await File.ReadAllTextAsync(Path.Combine(folder, "summary.md"), TestContext.Current.CancellationToken);
        Assert.Contains("| Test | Messages | Verdict | BatchingPipeline | InMemorySequence | lab log (any strategy) | Akka.Persistence.Sql | Original: Akka.Persistence.Sql (PG 15) | Original: Akka.Persistence.PostgreSql (PG 15) |", summary, StringComparison.Ordinal);
        Assert.Contains("**How it decides**: each workload is a race of its contenders on msg/s", summary, StringComparison.Ordinal);
        var record = ReportRoundTrip.Result<JournalSuiteResult>(folder);
        Assert.Equal(JournalWorkload.All(4).Select(w => w.Name), record.Verdicts!.Select(v => v.Workload));
        Assert.All(record.Verdicts!, v => Assert.Equal(1, v.Race.Rounds));
        Assert.Contains("every one exactly its events, in order.", summary, StringComparison.Ordinal);
        Assert.Contains("batch-size 100, parallelism 3", summary, StringComparison.Ordinal);
        Assert.DoesNotContain("failed", summary.Split("## Goals")[0].Split("| Test |")[1], StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder + ".partial"));
        ReportRoundTrip.AssertReportRewritesTheSameSummary(folder, "journal");
    }
}
