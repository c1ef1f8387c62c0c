using EventCommitLab.Harness;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness;

[Collection(LabStoresCollection.Name)]
public sealed class CommitSmokeRunTests
{
    [Fact]
    public async Task the_smoke_run_commits_through_a_strategy_and_returns_a_clean_verdict()
    {
        await using var provider = await PostgresStoreProvider.StartAsync(PostgresStoreConfiguration.FromEnvironment(), null, CancellationToken.None);

        var report = await CommitSmokeRun.RunAsync(provider, StrategyCatalog.Get("BatchingPipeline"), CancellationToken.None);

        Assert.True(report.Passed, report.ToString());
        Assert.Equal(14, report.FoundEvents);
    }
}
