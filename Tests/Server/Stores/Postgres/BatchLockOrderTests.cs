using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Stores.Postgres;

/// <summary>
/// Two writers' batch statements on the same aggregates, each naming them in the opposite order, as two writer
/// processes' pipelines do: the statement takes the aggregates' rows in one order, so neither waits for a row the other
/// holds while holding one it wants (a deadlock fails one of them after a second).
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class BatchLockOrderTests(LabStores stores)
{
    private const int Aggregates = 10;
    private const int Batches = 60;

    [Fact]
    public async Task batches_naming_shared_aggregates_in_opposite_orders_conflict_but_never_deadlock()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var events = new SampleEvents();
        var aggregates = Enumerable.Range(0, Aggregates).Select(k => new AggregateKey($"shared-{k}", "Order")).ToArray();

        async Task<(int Written, int LeftOut)> WriterAsync(bool reversed)
        {
            var known = new long[Aggregates];
            var order = reversed ? Enumerable.Range(0, Aggregates).Reverse().ToArray() : Enumerable.Range(0, Aggregates).ToArray();
            var (written, leftOut) = (0, 0);
            for (var b = 0; b < Batches; b++)
            {
                var batch = order.Select(k => CommitRequest.ForAggregate(aggregates[k], known[k], events.Create(aggregates[k].EventSource, 1))).ToArray();
                var answers = await log.WriteBatchAsync(batch, CancellationToken.None);
                for (var i = 0; i < order.Length; i++)
                {
                    var k = order[i];
                    (known[k], written, leftOut) = answers[i].Written ? (known[k] + 1, written + 1, leftOut) : (answers[i].ActualAggregateVersion ?? known[k], written, leftOut + 1);
                }
            }

            return (written, leftOut);
        }

        var results = await Task.WhenAll(Task.Run(() => WriterAsync(reversed: false)), Task.Run(() => WriterAsync(reversed: true)));

        // Neither writer's statement failed (a deadlock throws); every commit was written or left out, and the aggregates
        // hold exactly the commits written.
        Assert.Equal(2 * Batches * Aggregates, results.Sum(r => r.Written + r.LeftOut));
        Assert.True(results.Sum(r => r.Written) > 0);
        await using var session = await log.OpenAutoCommitSessionAsync(TestContext.Current.CancellationToken);
        var versions = 0L;
        foreach (var aggregate in aggregates)
        {
            versions += await session.ReadAggregateVersionAsync(aggregate, CancellationToken.None);
        }

        Assert.Equal(results.Sum(r => r.Written), versions);
    }
}
