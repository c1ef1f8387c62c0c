using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Contract.Port;

/// <summary>Each store's batch write on hand-built batches: which commits it writes, at which numbers, and which it leaves out.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class BatchWriteTests(LabStores stores)
{
    private readonly SampleEvents _events = new();

    public static TheoryData<string> Stores => LabStores.Names;

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_mixed_batch_writes_the_commits_that_pass_their_checks_contiguously_in_batch_order(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        var existing = new AggregateKey("existing", "Order");
        var other = new AggregateKey("other", "Order");
        Assert.All(await log.WriteBatchAsync([Aggregate(existing, 0, 2), Aggregate(other, 0, 1)], CancellationToken.None), a => Assert.True(a.Written));
        var batch = new[]
        {
            Plain(2),
            Aggregate(other, 5, 1), // stale: left out, the store says it is at 1
            Aggregate(new AggregateKey("new", "Order"), 0, 3),
            Aggregate(new AggregateKey("missing", "Order"), 4, 1), // expects an aggregate that does not exist
            Aggregate(existing, 2, 1),
        };

        var answers = await log.WriteBatchAsync(batch, CancellationToken.None);

        Assert.Equal(
            [BatchCommitAnswer.WrittenFrom(3), BatchCommitAnswer.LeftOut(1), BatchCommitAnswer.WrittenFrom(5), BatchCommitAnswer.LeftOut(0), BatchCommitAnswer.WrittenFrom(8)],
            answers);
        var stored = await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken);
        Assert.Equal(Enumerable.Range(0, 9).Select(i => (long)i), stored.Select(e => e.SequenceNumber));
        Assert.Equal(
            [batch[0].CommitId, batch[0].CommitId, batch[2].CommitId, batch[2].CommitId, batch[2].CommitId, batch[4].CommitId],
            stored.Skip(3).Select(e => e.CommitId));
        Assert.Equal([null, null, 1L, 2, 3, 3], stored.Skip(3).Select(e => e.AggregateVersion));
        Assert.Equal(batch[2].Events.Select(e => JsonDigest.Of(e.Payload)), stored.Skip(5).Take(3).Select(e => JsonDigest.Of(e.Payload)));
        Assert.Equal(9, (await log.ReadSnapshotAsync(CancellationToken.None)).CounterNext);
        var versions = (await log.ReadSnapshotAsync(TestContext.Current.CancellationToken)).Aggregates;
        Assert.Equal((3L, 1L), (versions.Single(v => v.Aggregate == existing).Version, versions.Single(v => v.Aggregate == other).Version));
        Assert.DoesNotContain(versions, v => v.Aggregate.EventSource == "missing");
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_batch_of_plain_commits_is_numbered_on_from_the_counter_in_batch_order_with_each_events_own_tags(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        Assert.True((await log.WriteBatchAsync([Plain(2)], CancellationToken.None)).Single().Written);
        var shared = new[] { "course:1", "student:7" };
        var batch = new[]
        {
            CommitRequest.ForEvents([new UncommittedEvent("a", "Opened", "{\"n\":1}", shared), new UncommittedEvent("a", "Noted", "{\"n\":2}", shared)]),
            CommitRequest.ForEvents([new UncommittedEvent("b", "Opened", "{\"n\":3}", [])]),
            CommitRequest.ForEvents([new UncommittedEvent("c", "Opened", "{\"n\":4}", ["student:8"]), new UncommittedEvent("c", "Closed", "{\"n\":5}", shared)]),
        };

        var answers = await log.WriteBatchAsync(batch, CancellationToken.None);

        Assert.Equal([BatchCommitAnswer.WrittenFrom(2), BatchCommitAnswer.WrittenFrom(4), BatchCommitAnswer.WrittenFrom(5)], answers);
        var stored = (await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken)).Skip(2).ToList();
        Assert.Equal([2L, 3, 4, 5, 6], stored.Select(e => e.SequenceNumber));
        Assert.Equal([batch[0].CommitId, batch[0].CommitId, batch[1].CommitId, batch[2].CommitId, batch[2].CommitId], stored.Select(e => e.CommitId));
        Assert.Equal(["a", "a", "b", "c", "c"], stored.Select(e => e.EventSource));
        Assert.Equal(["Opened", "Noted", "Opened", "Opened", "Closed"], stored.Select(e => e.EventType));
        Assert.Equal([shared, shared, [], ["student:8"], shared], stored.Select(e => e.Tags.ToArray()));
        Assert.Equal(batch.SelectMany(c => c.Events).Select(e => JsonDigest.Of(e.Payload)), stored.Select(e => JsonDigest.Of(e.Payload)));
        Assert.All(stored, e => Assert.Null(e.AggregateVersion));
        Assert.Equal(7, (await log.ReadSnapshotAsync(CancellationToken.None)).CounterNext);
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_plain_commit_beside_an_aggregate_commit_keeps_each_events_own_source(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        var plain = CommitRequest.ForEvents([new UncommittedEvent("a", "Opened", "{\"n\":1}", []), new UncommittedEvent("b", "Opened", "{\"n\":2}", [])]);
        var batch = new[] { Aggregate(new AggregateKey("order", "Order"), 0, 1), plain };

        Assert.All(await log.WriteBatchAsync(batch, CancellationToken.None), a => Assert.True(a.Written));

        var stored = await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken);
        Assert.Equal(["order", "a", "b"], stored.Select(e => e.EventSource));
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task an_aggregates_chain_in_one_batch_is_written_as_its_commits_one_after_another_would_be(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        var fresh = new AggregateKey("fresh", "Order");
        var existing = new AggregateKey("existing", "Order");
        Assert.True((await log.WriteBatchAsync([Aggregate(existing, 0, 2)], CancellationToken.None)).Single().Written);
        var batch = new[]
        {
            Aggregate(fresh, 0, 1),
            Aggregate(existing, 2, 1),
            Plain(1),
            Aggregate(fresh, 1, 2),
            Aggregate(existing, 3, 1),
            Aggregate(fresh, 3, 1),
        };

        var answers = await log.WriteBatchAsync(batch, CancellationToken.None);

        Assert.Equal(
            [BatchCommitAnswer.WrittenFrom(2), BatchCommitAnswer.WrittenFrom(3), BatchCommitAnswer.WrittenFrom(4), BatchCommitAnswer.WrittenFrom(5), BatchCommitAnswer.WrittenFrom(7), BatchCommitAnswer.WrittenFrom(8)],
            answers);
        var stored = (await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken)).Skip(2).ToList();
        Assert.Equal([1L, 3, null, 2, 3, 4, 4], stored.Select(e => e.AggregateVersion));
        Assert.Equal(["fresh", "existing", null, "fresh", "fresh", "existing", "fresh"], stored.Select(e => e.AggregateVersion is null ? null : e.EventSource));
        var snapshot = await log.ReadSnapshotAsync(TestContext.Current.CancellationToken);
        Assert.Equal((4L, 4L), (snapshot.Aggregates.Single(v => v.Aggregate == fresh).Version, snapshot.Aggregates.Single(v => v.Aggregate == existing).Version));
        Assert.Equal(9, snapshot.CounterNext);
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task in_a_chain_the_commits_before_the_version_the_store_holds_are_left_out_and_the_ones_from_it_on_are_written(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        var order = new AggregateKey("order", "Order");
        var stale = new AggregateKey("stale", "Order");
        await log.WriteBatchAsync([Aggregate(order, 0, 2), Aggregate(stale, 0, 5)], CancellationToken.None);
        var batch = new[]
        {
            Aggregate(order, 1, 1), // order is at 2
            Aggregate(stale, 1, 1), // stale is at 5, which none of its chain expects
            Aggregate(order, 2, 1),
            Aggregate(stale, 2, 1),
            Aggregate(order, 3, 1),
        };

        var answers = await log.WriteBatchAsync(batch, CancellationToken.None);

        Assert.Equal(
            [BatchCommitAnswer.LeftOut(2), BatchCommitAnswer.LeftOut(5), BatchCommitAnswer.WrittenFrom(7), BatchCommitAnswer.LeftOut(5), BatchCommitAnswer.WrittenFrom(8)],
            answers);
        var snapshot = await log.ReadSnapshotAsync(TestContext.Current.CancellationToken);
        Assert.Equal((4L, 5L), (snapshot.Aggregates.Single(v => v.Aggregate == order).Version, snapshot.Aggregates.Single(v => v.Aggregate == stale).Version));
        Assert.Equal(9, snapshot.CounterNext);
        var written = (await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken)).Skip(7).ToList();
        Assert.Equal([batch[2].CommitId, batch[4].CommitId], written.Select(e => e.CommitId));
        Assert.Equal([3L, 4], written.Select(e => e.AggregateVersion));
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_chain_beside_conditional_commits_is_checked_in_order_too(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        if (log.Lacks(StoreFeature.AppendConditions) is { } lacks)
        {
            Assert.Skip(lacks);
        }

        var order = new AggregateKey("order", "Order");
        var batch = new[] { Aggregate(order, 0, 1), ConditionalCommit.Reserving("seat:1", after: null), Aggregate(order, 1, 2), Aggregate(order, 3, 1) };

        var answers = await log.WriteBatchAsync(batch, CancellationToken.None);

        Assert.Equal([BatchCommitAnswer.WrittenFrom(0), BatchCommitAnswer.WrittenFrom(1), BatchCommitAnswer.WrittenFrom(2), BatchCommitAnswer.WrittenFrom(4)], answers);
        Assert.Equal(4, (await log.ReadSnapshotAsync(TestContext.Current.CancellationToken)).Aggregates.Single().Version);
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_batch_with_conditions_leaves_out_only_the_commits_whose_condition_the_log_breaks(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        if (log.Lacks(StoreFeature.AppendConditions) is { } lacks)
        {
            Assert.Skip(lacks);
        }
        var order = new AggregateKey("order", "Order");
        Assert.All(
            await log.WriteBatchAsync([ConditionalCommit.Reserving("seat:1", after: null), ConditionalCommit.Reserving("seat:4", after: null), Plain(1)], CancellationToken.None),
            a => Assert.True(a.Written));
        var batch = new[]
        {
            ConditionalCommit.Reserving("seat:1", after: null), // seat:1 is at 0: refused
            ConditionalCommit.Reserving("seat:4", after: 1), // seat:4 is at 1, nothing of it after 1: written
            Aggregate(order, 0, 2),
            ConditionalCommit.Reserving("seat:2", after: null),
            Plain(1),
        };

        var answers = await log.WriteBatchAsync(batch, CancellationToken.None);

        Assert.Equal(
            [BatchCommitAnswer.RefusedByCondition(), BatchCommitAnswer.WrittenFrom(3), BatchCommitAnswer.WrittenFrom(4), BatchCommitAnswer.WrittenFrom(6), BatchCommitAnswer.WrittenFrom(7)],
            answers);
        var stored = await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken);
        Assert.Equal(Enumerable.Range(0, 8).Select(i => (long)i), stored.Select(e => e.SequenceNumber));
        Assert.DoesNotContain(stored, e => e.CommitId == batch[0].CommitId);
        Assert.Equal(8, (await log.ReadSnapshotAsync(CancellationToken.None)).CounterNext);
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_batch_whose_commits_are_all_left_out_takes_no_numbers(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        var existing = new AggregateKey("existing", "Order");
        await log.WriteBatchAsync([Aggregate(existing, 0, 1)], CancellationToken.None);

        var answers = await log.WriteBatchAsync([Aggregate(existing, 0, 1)], CancellationToken.None);

        Assert.Equal([BatchCommitAnswer.LeftOut(1)], answers);
        Assert.Equal(1, (await log.ReadSnapshotAsync(CancellationToken.None)).CounterNext);
        Assert.Single(await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken));
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_batch_that_holds_an_aggregate_twice_outside_a_chain_a_condition_matching_its_own_events_or_nothing_is_refused_before_anything_is_written(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        var order = new AggregateKey("order", "Order");

        var twice = await Assert.ThrowsAsync<ArgumentException>(() => log.WriteBatchAsync([Aggregate(order, 0, 1), Plain(1), Aggregate(order, 0, 1)], CancellationToken.None));
        var empty = await Assert.ThrowsAsync<ArgumentException>(() => log.WriteBatchAsync([], CancellationToken.None));
        var conditional = await Assert.ThrowsAsync<ArgumentException>(() => log.WriteBatchAsync(
            [ConditionalCommit.Reserving("seat:1", after: null), Plain(1), ConditionalCommit.Reserving("seat:1", after: null)], CancellationToken.None));

        Assert.Contains("Order/order has two commits in one batch", twice.Message, StringComparison.Ordinal);
        Assert.Contains("at least one commit", empty.Message, StringComparison.Ordinal);
        Assert.Contains("matches events of an earlier commit in its batch", conditional.Message, StringComparison.Ordinal);
        Assert.Empty(await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken));
    }

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task concurrent_batches_advancing_one_aggregate_from_one_version_let_exactly_one_win(string store)
    {
        await using var log = await stores.FreshStoreAsync(store);
        var order = new AggregateKey("order", "Order");
        await log.WriteBatchAsync([Aggregate(order, 0, 1)], CancellationToken.None);

        var rivals = await Task.WhenAll(Enumerable.Range(0, 9).Select(_ => Task.Run(async () =>
        {
            try
            {
                return (await log.WriteBatchAsync([Plain(1), Aggregate(order, 1, 2)], CancellationToken.None))[1].Written;
            }
            catch (Exception e) when (log.Classify(e) == StoreErrorKind.Transient)
            {
                return false; // MongoDB's write conflict: the loser's whole transaction is refused, to be retried by a strategy.
            }
        })));

        Assert.Equal(1, rivals.Count(won => won));
        Assert.Equal(3, (await log.ReadSnapshotAsync(TestContext.Current.CancellationToken)).Aggregates.Single().Version);
    }

    private CommitRequest Plain(int events) => CommitRequest.ForEvents(_events.Create(events));

    private CommitRequest Aggregate(AggregateKey aggregate, long expectedVersion, int events) =>
        CommitRequest.ForAggregate(aggregate, expectedVersion, _events.Create(aggregate.EventSource, events));
}
