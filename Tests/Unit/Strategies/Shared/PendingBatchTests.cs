using System.Threading.Channels;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Strategies.Shared;

/// <summary>
/// How the pipeline's next batch takes commits from its queue, over several takes as commits keep arriving, and how a
/// wave handed over whole is cut into batches: both within the store's limits, no aggregate twice but as a chain, no
/// condition matching an earlier commit's events.
/// </summary>
public sealed class PendingBatchTests
{
    private readonly SampleEvents _events = new();
    private readonly Channel<PendingCommit> _queue = Channel.CreateUnbounded<PendingCommit>();

    [Fact]
    public void later_takes_add_commits_that_arrived_since_in_queue_order()
    {
        var batch = new PendingBatch(Events(100));
        var first = Enqueue(Plain(1), Plain(2));
        Assert.Equal(2, batch.TakeFrom(_queue.Reader));
        Assert.Equal(0, batch.TakeFrom(_queue.Reader));
        var later = Enqueue(Plain(3));

        Assert.Equal(1, batch.TakeFrom(_queue.Reader));
        Assert.Equal([.. first, .. later], batch.Commits.Select(c => c.Request));
        Assert.False(batch.IsClosed);
    }

    [Fact]
    public void a_commit_past_the_event_limit_closes_the_batch_and_stays_queued_for_the_next()
    {
        var batch = new PendingBatch(Events(5));
        Enqueue(Plain(3), Plain(3));

        Assert.Equal(1, batch.TakeFrom(_queue.Reader));
        Assert.True(batch.IsClosed);
        Assert.Equal(0, batch.TakeFrom(_queue.Reader));
        Assert.Equal(1, _queue.Reader.Count);
    }

    [Fact]
    public void a_first_commit_larger_than_the_limit_is_taken_alone()
    {
        var batch = new PendingBatch(Events(5));
        Enqueue(Plain(8), Plain(1));

        Assert.Equal(1, batch.TakeFrom(_queue.Reader));
        Assert.True(batch.IsClosed);
        Assert.Equal(8, batch.Commits.Single().Request.Events.Count);
    }

    [Fact]
    public void a_rival_commit_of_an_aggregate_is_set_aside_for_the_next_batch_and_the_commits_behind_it_still_join()
    {
        var batch = new PendingBatch(Events(100));
        var order = new AggregateKey("order-1", "Order");
        var other = new AggregateKey("order-2", "Order");
        var queued = Enqueue(
            CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 1)),
            CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 1)),
            Plain(1),
            CommitRequest.ForAggregate(order, 2, _events.Create(order.EventSource, 1)),
            CommitRequest.ForAggregate(other, 0, _events.Create(other.EventSource, 1)));

        Assert.Equal(5, batch.TakeFrom(_queue.Reader));
        Assert.False(batch.IsClosed);
        Assert.Equal([queued[0], queued[2], queued[4]], batch.Commits.Select(c => c.Request));
        Assert.Equal([queued[1], queued[3]], batch.SetAside.Select(c => c.Request));

        // The next batch takes what was set aside first, in order: the later commit of the aggregate is a rival again.
        var later = Enqueue(Plain(2));
        var next = new PendingBatch(Events(100), batch.SetAside);
        next.TakeFrom(_queue.Reader);

        Assert.Equal([queued[1], later[0]], next.Commits.Select(c => c.Request));
        Assert.Equal([queued[3]], next.SetAside.Select(c => c.Request));
    }

    [Fact]
    public void commits_that_continue_their_aggregates_last_commit_join_it_as_a_chain_even_past_a_rival_set_aside()
    {
        var batch = new PendingBatch(Events(100));
        var order = new AggregateKey("order-1", "Order");
        var queued = Enqueue(
            CommitRequest.ForAggregate(order, 4, _events.Create(order.EventSource, 2)),
            CommitRequest.ForAggregate(order, 4, _events.Create(order.EventSource, 1)),
            CommitRequest.ForAggregate(order, 6, _events.Create(order.EventSource, 1)),
            Plain(1),
            CommitRequest.ForAggregate(order, 7, _events.Create(order.EventSource, 3)));

        batch.TakeFrom(_queue.Reader);

        Assert.Equal([queued[0], queued[2], queued[3], queued[4]], batch.Commits.Select(c => c.Request));
        Assert.Equal([queued[1]], batch.SetAside.Select(c => c.Request));
        CommitBatch.EnsureWritable([.. batch.Commits.Select(c => c.Request)]);
    }

    [Fact]
    public void commits_set_aside_past_the_limits_stay_first_in_line_before_anything_queued()
    {
        var order = new AggregateKey("order-1", "Order");
        var first = new PendingBatch(Events(100));
        var queued = Enqueue(
            CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 3)),
            CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 3)),
            CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 3)));
        first.TakeFrom(_queue.Reader);
        Enqueue(Plain(1));

        var next = new PendingBatch(Events(5), first.SetAside);
        next.TakeFrom(_queue.Reader);

        Assert.True(next.IsClosed);
        Assert.Equal([queued[1]], next.Commits.Select(c => c.Request));
        Assert.Equal([queued[2]], next.SetAside.Select(c => c.Request));
        Assert.Equal(1, _queue.Reader.Count);
    }

    [Fact]
    public void a_condition_matching_an_earlier_commits_events_is_set_aside_and_others_join()
    {
        var batch = new PendingBatch(Events(100));
        var queued = Enqueue(
            ConditionalCommit.Reserving("seat:1", after: null),
            ConditionalCommit.Reserving("seat:2", after: 7), // another seat: no rival of the first
            CommitRequest.ForCondition(new AppendCondition(DcbQuery.Of([], "venue", "seat:1"), null), [ConditionalCommit.Event("Noted", "seat:3")]),
            Plain(1));

        Assert.Equal(4, batch.TakeFrom(_queue.Reader));
        Assert.False(batch.IsClosed);
        Assert.Equal([queued[0], queued[1], queued[3]], batch.Commits.Select(c => c.Request));
        Assert.Equal([queued[2]], batch.SetAside.Select(c => c.Request));
    }

    [Fact]
    public void a_commit_past_the_byte_limit_closes_the_batch()
    {
        var one = Plain(1);
        var batch = new PendingBatch(new StoreBatchLimits(100, maxBytes: (2 * one.Bytes) + 1));
        Enqueue(one, Plain(1), Plain(1));

        Assert.Equal(2, batch.TakeFrom(_queue.Reader));
        Assert.True(batch.IsClosed);
    }

    [Fact]
    public void a_wave_is_split_before_a_rival_commit_of_an_aggregate_and_before_the_limits_in_order_and_keeps_a_chain_whole()
    {
        var order = new AggregateKey("order-1", "Order");
        var wave = new[]
        {
            Plain(2),
            CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 1)),
            CommitRequest.ForAggregate(order, 0, _events.Create(order.EventSource, 1)),
            Plain(3),
            Plain(9),
            Plain(1),
            CommitRequest.ForAggregate(order, 1, _events.Create(order.EventSource, 1)),
            CommitRequest.ForAggregate(order, 2, _events.Create(order.EventSource, 1)),
        };

        var parts = CommitBatch.Split(wave, Events(5));

        Assert.Equal([[wave[0], wave[1]], [wave[2], wave[3]], [wave[4]], [wave[5], wave[6], wave[7]]], parts.Select(p => p.ToArray()));
    }

    private static StoreBatchLimits Events(int maxEvents) => new(maxEvents, long.MaxValue);

    private CommitRequest Plain(int events) => CommitRequest.ForEvents(_events.Create(events));

    private CommitRequest[] Enqueue(params CommitRequest[] requests)
    {
        foreach (var request in requests)
        {
            Assert.True(_queue.Writer.TryWrite(new PendingCommit(request, new GroupCommitAnswer<CommitResult>(TaskCreationOptions.None, CancellationToken.None), 0)));
        }

        return requests;
    }
}
