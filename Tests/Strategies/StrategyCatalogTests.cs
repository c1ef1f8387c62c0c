using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Strategies;

[Collection(LabStoresCollection.Name)]
public sealed class StrategyCatalogTests(LabStores stores)
{
    [Fact]
    public async Task every_registered_strategy_reports_the_name_it_is_registered_under_and_names_are_unique()
    {
        await using var store = await stores.FreshStoreAsync("postgres");
        var reported = new List<string>();
        foreach (var registration in StrategyCatalog.All)
        {
            await using var strategy = registration.Create(store, new());
            reported.Add(strategy.Name);
        }

        Assert.Equal(StrategyCatalog.Names, reported);
        Assert.Equal(reported.Count, reported.Distinct(StringComparer.OrdinalIgnoreCase).Count());
        Assert.Contains("BatchingPipeline2InFlight", reported);
    }

    [Fact]
    public async Task strategies_numbering_in_the_process_do_not_claim_ordered_visibility_and_the_others_do()
    {
        await using var store = await stores.FreshStoreAsync("postgres");
        var claiming = new List<string>();
        foreach (var registration in StrategyCatalog.All)
        {
            await using var strategy = registration.Create(store, new());
            if (strategy.Guarantees.OrderedVisibility)
            {
                claiming.Add(strategy.Name);
            }
        }

        // A number taken in the process is written by whichever commit gets there first: N+1 can be committed before N.
        Assert.Equal(
            ["BatchingPipeline", "BatchingPipeline2InFlight", "CurrentImplementation", "SimulatedBatching", "TransactionalCounter"],
            claiming.Order(StringComparer.Ordinal));
    }
}
