using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using EventCommitLab.Harness.Seed;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Seed;

/// <summary>A dry job of the seed's benchmark on the real private PostgreSQL.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class SeedBenchmarksTests(LabStores stores) : IDisposable
{
    private readonly string _artifacts = Directory.CreateTempSubdirectory("commit-lab-seed-").FullName;

    public void Dispose() => Directory.Delete(_artifacts, recursive: true);

    [Fact]
    public async Task a_dry_job_measures_each_method_on_the_real_store_and_the_verifier_finds_its_logs_clean()
    {
        SeedContext.Strategies = [StrategyCatalog.Get("InsertMany")];
        SeedContext.Provider = await stores.ProviderAsync("postgres");
        SeedContext.ClearChecks();
        try
        {
            var config = QuietBenchmarkConfig.For(Job.Dry.WithToolchain(InProcessEmitToolchain.DontLogOutput), _artifacts)
                .AddFilter(new SimpleFilter(c => (int)c.Parameters["NumberOfEvents"] == 10 && (int)c.Parameters["ConcurrentBatches"] == 10));

            var summary = BenchmarkRunner.Run(typeof(SeedBenchmarks), config);

            Assert.Equal(2, summary.Reports.Length);
            Assert.All(summary.Reports, r => Assert.True(r.Success && r.ResultStatistics is { Mean: > 0 }, r.BenchmarkCase.DisplayInfo));
            Assert.Equal(2, SeedContext.Checks.Count);
            Assert.All(SeedContext.Checks, c => Assert.True(c.Passed && c.Waves >= 1 && c.EventsFound == c.Waves * 100, c.Outcome));
        }
        finally
        {
            SeedContext.Provider = null;
        }
    }
}
