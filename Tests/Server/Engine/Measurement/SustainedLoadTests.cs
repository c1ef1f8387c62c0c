using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Engine.Measurement;

[Collection(LabStoresCollection.Name)]
public sealed class SustainedLoadTests(LabStores stores)
{
    [Fact]
    public async Task a_round_drains_with_retries_stopped_and_the_stopped_commits_are_checked_absent()
    {
        // A hundred count-based committers lose races to each other all the time: when the window closes, many of them
        // are between attempts, and none of those is tried again.
        var provider = await stores.ProviderAsync("postgres");
        var options = LabOptions.Parse(["--job", "dry"], new EventCommitLab.Stores.Postgres.PostgresStoreConfiguration());
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 100);

        var target = (await ContenderCase.StartAsync(cell, StrategyCatalog.Get("CurrentImplementation"), null, provider, options.Cases, options.Measurement(false), CancellationToken.None))!;
        var figure = await target.MeasureRoundAsync(options.Measurement(false), qualifying: false);
        var stopped = target.Ledger.Entries.Count(e => e.Outcome == LedgerOutcome.Failed && e.Failure!.StartsWith("Retries stopped", StringComparison.Ordinal));
        var unexpected = target.Ledger.Entries.Where(e => e.Outcome is not (LedgerOutcome.Acknowledged or LedgerOutcome.Failed)).ToArray();
        var result = await target.FinishAsync(figure, [figure], null);

        Assert.True(figure > 0);
        Assert.True(stopped > 0, "no commit of the drain was stopped");
        Assert.Empty(unexpected);
        Assert.Null(result.Failure);
        Assert.True(result.Verification.Passed);
        Assert.Equal(stopped, result.Verification.FailedCommitsChecked);
    }
}
