using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Grid;
using EventCommitLab.Harness.Reporting;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness;

/// <summary>The harness for real: BenchmarkDotNet in this process, a private PostgreSQL, every file written.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class GridRunTests(LabStores stores) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-run-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public async Task a_tiny_real_run_writes_the_summary_the_record_the_charts_and_benchmarkdotnets_exports()
    {
        var folder = Path.Combine(_root, "run");
        var options = HarnessOptions.Parse(
            ["--strategies", "InsertMany", "--methods", "CommitEvents", "--events", "1", "--concurrency", "1", "--job", "dry", "--out", folder],
            PostgresStoreConfiguration.FromEnvironment());

        var exit = await GridRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None, allowUnoptimizedBuild: true);

        Assert.Equal(0, exit);
        var record = RunRecord.Read(folder);
        Assert.Equal(["InsertMany", "Ceiling"], record.Cases.Select(c => c.Contender).Order(StringComparer.Ordinal).Reverse());
        Assert.All(record.Cases, c => Assert.True(c.Succeeded, c.Failure));
        Assert.StartsWith("clean", record.Cases.Single(c => c.Contender == "InsertMany").Verdict, StringComparison.Ordinal);
        Assert.Contains("| InsertMany | Ceiling |", File.ReadAllText(Path.Combine(folder, "summary.md")), StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(folder, "charts", "events-per-second-CommitEvents-1.svg")));
        Assert.True(File.Exists(Path.Combine(folder, "benchmark.log")));
        var exports = Directory.GetFiles(Path.Combine(folder, "benchmarkdotnet", "results")).Select(Path.GetFileName).ToArray();
        Assert.Contains(exports, f => f!.EndsWith("-report-github.md", StringComparison.Ordinal));
        Assert.Contains(exports, f => f!.EndsWith("-report.csv", StringComparison.Ordinal));
        Assert.Contains(exports, f => f!.EndsWith("-report-full.json", StringComparison.Ordinal));
        Assert.False(Directory.Exists(folder + ".partial"));
    }

    [Fact]
    public async Task an_existing_out_folder_is_refused_and_left_as_it_was()
    {
        var folder = Directory.CreateDirectory(Path.Combine(_root, "earlier-run")).FullName;
        File.WriteAllText(Path.Combine(folder, "keep.txt"), "mine");
        var options = HarnessOptions.Parse(["--out", folder], PostgresStoreConfiguration.FromEnvironment());

        var error = await Assert.ThrowsAsync<ArgumentException>(() => GridRunner.RunAsync(options, "test", TextWriter.Null, CancellationToken.None, allowUnoptimizedBuild: true));

        Assert.Contains("already exists", error.Message, StringComparison.Ordinal);
        Assert.Equal(["keep.txt"], Directory.GetFiles(folder).Select(Path.GetFileName));
    }

    [Fact]
    public async Task a_case_whose_commits_fail_is_recorded_with_its_cause()
    {
        var provider = new FaultyStoreProvider(stores, new IOException("No space left on device (injected before the first insert)"));
        var key = new CaseKey(BenchmarkMethod.CommitEvents, "InsertMany", 10, 2);

        var workload = await CaseWorkload.StartAsync(key, provider, StrategyCatalog.Get("InsertMany"), 0, 300, TimeSpan.FromMinutes(1), CancellationToken.None);
        var measured = await Assert.ThrowsAsync<InvalidOperationException>(workload.RunMeasuredWaveAsync);
        var result = await workload.FinishAsync();

        Assert.Equal("IOException: No space left on device (injected before the first insert)", result.Failure);
        Assert.Equal(result.Failure, measured.Message);
        Assert.True(result.VerdictPassed, result.Verdict);
        Assert.Contains("failed [1]", SummaryWriter.Write(new RunRecord(SampleRuns.Environment, SampleRuns.Claims, [result])), StringComparison.Ordinal);
    }

    /// <summary>Fresh real logs whose first insert fails with the given fault, as a full disk would fail it.</summary>
    private sealed class FaultyStoreProvider(LabStores stores, Exception fault) : IEventStoreProvider
    {
        public string Name => "postgres";

        public string Description => "faulty";

        public async Task<IEventStore> CreateFreshStoreAsync(CancellationToken cancellationToken)
        {
            var store = new InterceptingEventStore(await stores.FreshStoreAsync("postgres"));
            store.OnceBefore(InterceptingEventStore.InsertEvents, () => Task.FromException(fault));
            return store;
        }

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
