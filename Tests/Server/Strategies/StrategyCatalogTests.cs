using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Strategies;

[Collection(LabStoresCollection.Name)]
public sealed class StrategyCatalogTests(LabStores stores)
{
    [Fact]
    public async Task every_registered_strategy_reports_the_name_and_the_claims_it_is_registered_under_and_names_are_unique()
    {
        await using var store = await stores.FreshStoreAsync("postgres");
        var reported = new List<string>();
        foreach (var registration in StrategyCatalog.All)
        {
            await using var strategy = registration.Create(store, new());
            reported.Add(strategy.Name);
            Assert.Equal(registration.Claims, strategy.Guarantees);
        }

        Assert.Equal(StrategyCatalog.Names, reported);
        Assert.Equal(reported.Count, reported.Distinct(StringComparer.OrdinalIgnoreCase).Count());
        Assert.Contains("BatchingPipeline2InFlight", reported);
    }

    [Fact]
    public async Task strategies_numbering_in_the_process_or_from_the_server_sequence_do_not_claim_ordered_visibility_and_the_others_do()
    {
        var claiming = await ClaimingAsync(g => g.OrderedVisibility);

        // A number taken in the process or from a sequence is written by whichever commit gets there first: N+1 can be
        // committed before N.
        Assert.Equal(
            ["BatchingPipeline", "BatchingPipeline2InFlight", "BatchingPipelineNumbered2InFlight", "BatchingPipelineNumberedSplit", "CurrentImplementation", "LockedCounterStatement", "SimulatedBatching", "TransactionalCounter"],
            claiming);
    }

    [Fact]
    public async Task only_the_strategies_storing_transaction_ids_claim_ordered_visibility_below_the_horizon()
    {
        Assert.Equal(["BatchingPipelineServerSequence4InFlight", "ServerSequenceWithHorizon"], await ClaimingAsync(g => g.HorizonOrderedVisibility));
    }

    [Fact]
    public async Task the_server_sequence_strategies_and_the_pipelines_numbering_their_batches_are_available_on_postgresql_and_every_other_strategy_needs_nothing_more()
    {
        await using var store = await stores.FreshStoreAsync("postgres");

        Assert.All(StrategyCatalog.All, r => Assert.Null(r.UnavailableOn(store)));
        Assert.Equal(
            ["BatchingPipelineNumbered2InFlight", "BatchingPipelineNumberedSplit", "BatchingPipelineServerSequence4InFlight", "ServerSequence", "ServerSequenceWithHorizon"],
            StrategyCatalog.All.Where(r => r.Needs is { Count: > 0 }).Select(r => r.Name).Order(StringComparer.Ordinal));
    }

    private async Task<IReadOnlyList<string>> ClaimingAsync(Func<EventCommitLab.Contract.StrategyGuarantees, bool> claim)
    {
        await using var store = await stores.FreshStoreAsync("postgres");
        var claiming = new List<string>();
        foreach (var registration in StrategyCatalog.All)
        {
            await using var strategy = registration.Create(store, new());
            if (claim(strategy.Guarantees))
            {
                claiming.Add(strategy.Name);
            }
        }

        return [.. claiming.Order(StringComparer.Ordinal)];
    }
}
