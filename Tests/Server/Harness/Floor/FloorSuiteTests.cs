using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Floor;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Stores.Postgres.Server;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Floor;

/// <summary><c>suite floor</c>: a tiny real run on a private PostgreSQL.</summary>
public sealed class FloorSuiteTests : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-floor-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public async Task a_tiny_real_run_inserts_reads_and_scans_every_row_and_writes_its_summary()
    {
        var folder = Path.Combine(_root, "floor");
        var options = LabOptions.Parse(["suite", "floor", "--quick", "--rows", "100", "--out", folder], PostgresStoreConfiguration.FromEnvironment());

        var exit = await FloorSuite.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        var summary = await File.ReadAllTextAsync(Path.Combine(folder, "summary.md"), TestContext.Current.CancellationToken);
        Assert.Contains("| insert, lazy flush | 100 single-row inserts", summary, StringComparison.Ordinal);
        Assert.Contains("| insert, durable | 100 single-row inserts", summary, StringComparison.Ordinal);
        Assert.Contains("| point read | 100 reads of the same row (key 50) | 100 | 100 |", summary, StringComparison.Ordinal);
        Assert.Contains("| random seek | 100 reads of keys drawn uniformly from the 100 (seeded) | 100 | 100 |", summary, StringComparison.Ordinal);
        Assert.Contains("| full scan | 3 scans of all 100 rows in key order | 3 | 300 |", summary, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder + ".partial"));
        ReportRoundTrip.AssertReportRewritesTheSameSummary(folder, "floor");
        var bin = PostgresBinaryLocator.Locate(PostgresStoreConfiguration.FromEnvironment().BinDirectory, PostgresBinaryLocator.UsualPlaces());
        if (File.Exists(Path.Combine(bin, "pgbench")))
        {
            Assert.Contains("| durable | pgbench", summary, StringComparison.Ordinal);
            Assert.Contains("| lazy flush | pgbench", summary, StringComparison.Ordinal);
        }
    }
}
