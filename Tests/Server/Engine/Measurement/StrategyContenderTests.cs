using EventCommitLab.Engine.Measurement;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Engine.Measurement;

/// <summary>A strategy as the harness races it, on the real PostgreSQL.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class StrategyContenderTests(LabStores stores)
{
    [Fact]
    public async Task the_commands_a_stores_client_resent_on_its_own_are_counted_with_the_strategys_retries()
    {
        await using var log = new InterceptingEventStore(await stores.FreshStoreAsync("postgres"));
        await using var contender = new StrategyContender(StrategyCatalog.Get("TransactionalCounter").Create(log, new CommitStrategyOptions()), log);
        var before = contender.Counters;

        log.ResendsReported = 3;

        Assert.Equal(3, (contender.Counters - before).Retries);
    }
}
