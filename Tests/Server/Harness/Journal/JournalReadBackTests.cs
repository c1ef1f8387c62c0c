using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Journal;
using EventCommitLab.Peers.AkkaJournal;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.SuitePorts.Journal;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Journal;

/// <summary>The journal suite's contenders on the real private PostgreSQL: what they write, what reading back and recovering find.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class JournalReadBackTests(LabStores stores)
{
    [Fact]
    public async Task a_strategy_driven_as_actors_writes_each_stream_in_order_and_reading_back_names_a_stream_short_of_its_events()
    {
        var log = await stores.FreshStoreAsync("postgres");
        var streams = (IStreamReader)log;
        await streams.IndexStreamsAsync(CancellationToken.None);
        await using var contender = new StrategyJournalContender(StrategyCatalog.Get("BatchingPipeline").Create(log, new CommitStrategyOptions()), log, streams);

        await contender.PersistAsync(["a", "b"], PersistMode.PersistAsync, 260, CancellationToken.None);
        await contender.PersistAsync(["c"], PersistMode.Persist, 3, CancellationToken.None);

        Assert.Empty(await contender.VerifyAsync(new Dictionary<string, int> { ["a"] = 260, ["b"] = 260, ["c"] = 3 }, CancellationToken.None));
        await contender.RecoverAsync(["a", "b"], 260, CancellationToken.None);
        Assert.Equal(["c: 3 events stored, 4 persisted", "d: 0 events stored, 1 persisted"],
            await contender.VerifyAsync(new Dictionary<string, int> { ["c"] = 4, ["d"] = 1 }, CancellationToken.None));
        await Assert.ThrowsAsync<InvalidOperationException>(() => contender.RecoverAsync(["c"], 4, CancellationToken.None));
    }

    [Fact]
    public async Task persist_async_keeps_one_write_in_flight_per_actor()
    {
        var log = await stores.FreshStoreAsync("postgres");
        var streams = (IStreamReader)log;
        var counting = new InFlightCountingStrategy(StrategyCatalog.Get("TransactionalCounter").Create(log, new CommitStrategyOptions()));
        await using var contender = new StrategyJournalContender(counting, log, streams);

        await contender.PersistAsync(["only"], PersistMode.PersistAsync, 1000, CancellationToken.None);

        Assert.Equal((1, 6), (counting.MostInFlight, counting.Commits));
    }

    [Fact]
    public async Task the_real_akka_journal_stores_each_actors_events_in_order_and_reading_back_or_recovering_names_what_is_missing()
    {
        var provider = (IPeerDatabaseProvider)await stores.ProviderAsync("postgres");
        await using var peer = await AkkaJournalPeer.StartAsync(await provider.CreatePeerDatabaseAsync(CancellationToken.None), CancellationToken.None);

        await peer.PersistGroupAsync(["p1", "p2"], PersistMode.PersistAllAsync, 120, CancellationToken.None);
        await peer.PersistAsync("p3", PersistMode.Persist, 3, CancellationToken.None);

        Assert.Empty(await peer.VerifyAsync(new Dictionary<string, int> { ["p1"] = 120, ["p2"] = 120, ["p3"] = 3 }, CancellationToken.None));
        await peer.RecoverAsync(["p1", "p2"], 120, CancellationToken.None);
        Assert.Equal(["p3: 3 events stored, 4 persisted"], await peer.VerifyAsync(new Dictionary<string, int> { ["p3"] = 4 }, CancellationToken.None));
        var short_ = await Assert.ThrowsAsync<InvalidOperationException>(() => peer.RecoverAsync(["p3"], 4, CancellationToken.None));
        Assert.Contains("replayed 3 events, expected 4", short_.Message, StringComparison.Ordinal);
        Assert.Contains("batch-size 100", peer.Settings, StringComparison.Ordinal);
    }
}
