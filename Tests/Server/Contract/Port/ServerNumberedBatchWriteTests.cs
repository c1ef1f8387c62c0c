using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Contract.Port;

/// <summary>
/// The batch write numbered by the server's sequence (<see cref="IEventStore.WriteBatchNumberedByServerAsync"/>), on
/// PostgreSQL, the store that offers it with transaction ids: every commit's numbers unique and in its events' order,
/// aggregate checks as the counter's batch makes them, the transaction's id stored when asked, and no wait for the counter.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class ServerNumberedBatchWriteTests(LabStores stores)
{
    private readonly SampleEvents _events = new();

    [Fact]
    public async Task each_commit_of_the_batch_is_written_with_numbers_of_its_own_in_its_events_order_and_answered_with_them()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var batch = new[] { Plain(2), Plain(1), Plain(3) };

        var answers = await log.WriteBatchNumberedByServerAsync(batch, recordTransaction: false, CancellationToken.None);

        var stored = await ReadLogAsync(log);
        Assert.Equal(6, stored.Count);
        Assert.Equal(6, stored.Select(e => e.SequenceNumber).Distinct().Count());
        for (var c = 0; c < batch.Length; c++)
        {
            var numbers = answers[c].NumbersOf(batch[c].Events.Count);
            Assert.Equal(numbers.Order(), numbers);
            Assert.Equal(numbers, stored.Where(e => e.CommitId == batch[c].CommitId).Select(e => e.SequenceNumber));
            Assert.Equal(batch[c].Events.Select(e => e.EventType), stored.Where(e => e.CommitId == batch[c].CommitId).Select(e => e.EventType));
        }
    }

    [Fact]
    public async Task an_aggregate_commit_whose_version_does_not_match_is_left_out_alone_with_the_version_the_store_holds()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var order = new AggregateKey("order-1", "Order");
        Assert.True((await log.WriteBatchNumberedByServerAsync([CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 2))], false, CancellationToken.None)).Single().Written);
        var other = new AggregateKey("order-2", "Order");
        var batch = new[] { CommitRequest.ForAggregate(order, 1, _events.Create(order.EventSource, 1)), CommitRequest.ForAggregate(other, 0, _events.Create(other.EventSource, 1)), Plain(1) };

        var answers = await log.WriteBatchNumberedByServerAsync(batch, recordTransaction: false, CancellationToken.None);

        Assert.False(answers[0].Written);
        Assert.Equal(2, answers[0].ActualAggregateVersion);
        Assert.True(answers[1].Written);
        Assert.True(answers[2].Written);
        var stored = await ReadLogAsync(log);
        Assert.Equal(4, stored.Count);
        Assert.DoesNotContain(stored, e => e.CommitId == batch[0].CommitId);
        Assert.Equal([1L], stored.Where(e => e.CommitId == batch[1].CommitId).Select(e => e.AggregateVersion!.Value));
    }

    [Fact]
    public async Task an_aggregates_chain_in_one_batch_is_checked_and_advanced_as_if_written_one_after_another()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var order = new AggregateKey("order-1", "Order");
        var batch = new[] { CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 1)), CommitRequest.ForAggregate(order, 1, _events.Create(order.EventSource, 2)) };

        var answers = await log.WriteBatchNumberedByServerAsync(batch, recordTransaction: false, CancellationToken.None);

        Assert.All(answers, a => Assert.True(a.Written));
        var stored = await ReadLogAsync(log);
        Assert.Equal([1L, 2, 3], stored.OrderBy(e => e.SequenceNumber).Select(e => e.AggregateVersion!.Value));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task the_batch_stores_its_transactions_id_with_every_event_only_when_asked(bool recordTransaction)
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var batch = new[] { Plain(2), Plain(1) };

        await log.WriteBatchNumberedByServerAsync(batch, recordTransaction, CancellationToken.None);

        var belowHorizon = await log.ReadBelowTransactionHorizonAsync(TransactionPosition.Start, 100, CancellationToken.None);
        Assert.Equal(recordTransaction ? 3 : 0, belowHorizon.Count);
        Assert.True(belowHorizon.Select(p => p.TransactionId).Distinct().Count() <= 1);
    }

    [Fact]
    public async Task a_batch_is_written_while_another_writer_holds_the_counter()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        await using var holder = await log.BeginTransactionAsync(CancellationToken.None);
        await holder.ReserveSequenceNumbersAsync(1, CancellationToken.None);
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        timeout.CancelAfter(TimeSpan.FromSeconds(30));

        var answers = await log.WriteBatchNumberedByServerAsync([Plain(1)], recordTransaction: true, timeout.Token);

        Assert.True(answers.Single().Written);
        Assert.Single(await ReadLogAsync(log));
    }

    [Fact]
    public async Task a_batch_holding_a_conditional_commit_is_refused_with_nothing_written()
    {
        await using var log = await stores.FreshStoreAsync("postgres");
        var conditional = CommitRequest.ForCondition(new AppendCondition(DcbQuery.Of(["SeatReserved"], "seat:1"), null), _events.Create(1));

        var refused = await Assert.ThrowsAsync<ArgumentException>(() => log.WriteBatchNumberedByServerAsync([Plain(1), conditional], false, CancellationToken.None));

        Assert.Contains(conditional.CommitId.ToString(), refused.Message, StringComparison.Ordinal);
        Assert.Empty(await ReadLogAsync(log));
    }

    private CommitRequest Plain(int events) => CommitRequest.ForEvents(_events.Create(events));

    private static async Task<List<StoredEvent>> ReadLogAsync(IEventLog log) =>
        await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken);
}
