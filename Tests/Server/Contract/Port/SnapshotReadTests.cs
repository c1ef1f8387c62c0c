using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract.Port;

/// <summary>
/// Each store's snapshot read while batches keep landing: the verifier compares the log, the aggregates and the counter
/// with one another, so a read that took them at different moments would report drifts nobody made.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class SnapshotReadTests(LabStores stores)
{
    private readonly SampleEvents _events = new();

    public static TheoryData<string> Stores => LabStores.Names;

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_snapshot_taken_while_batches_land_holds_the_counter_at_its_logs_end_and_each_aggregate_at_its_last_event(string store)
    {
        var token = TestContext.Current.CancellationToken;
        await using var log = await stores.FreshStoreAsync(store);
        var aggregate = new AggregateKey("busy", "Order");
        var version = 0L;
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(token);
        var writing = Task.Run(
            async () =>
            {
                while (!stop.IsCancellationRequested)
                {
                    var batch = new[] { CommitRequest.ForEvents(_events.Create(20)), CommitRequest.ForAggregate(aggregate, Volatile.Read(ref version), _events.Create(aggregate.EventSource, 1)) };
                    Assert.All(await log.WriteBatchAsync(batch, CancellationToken.None), a => Assert.True(a.Written));
                    Interlocked.Increment(ref version);
                }
            },
            CancellationToken.None);

        var snapshots = new List<EventLogSnapshot<StoredEvent>>();
        // Enough reads, and enough batches landing among them, to catch a read taken at two moments.
        while (snapshots.Count < 20 || Volatile.Read(ref version) < 200)
        {
            snapshots.Add(await log.ReadSnapshotAsync(token));
        }

        await stop.CancelAsync();
        await writing;

        Assert.True(snapshots[^1].Events.Count > snapshots[0].Events.Count, "the log did not grow while it was read");
        Assert.All(snapshots, s =>
        {
            Assert.Equal(s.Events.Count, s.CounterNext);
            Assert.Equal(s.Events.Count(e => e.AggregateVersion is not null), s.Aggregates.SingleOrDefault()?.Version ?? 0);
        });
    }
}
