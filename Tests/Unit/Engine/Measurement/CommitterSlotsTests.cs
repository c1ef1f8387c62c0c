using EventCommitLab.Contract.Model;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class CommitterSlotsTests
{
    [Fact]
    public void warmup_commits_carry_at_most_ten_events_and_measured_commits_all_of_them()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, 100, 3), payloadBytes: 64);

        Assert.All(slots.NextGroup(measured: false), command => Assert.Equal(10, command.Request.Events.Count));
        Assert.All(slots.NextGroup(measured: true), command => Assert.Equal(100, command.Request.Events.Count));
    }

    [Fact]
    public void a_commit_of_ten_events_or_fewer_is_warmed_up_whole()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 2), payloadBytes: 64);

        Assert.Single(slots.Next(0, measured: false).Request.Events);
    }

    [Fact]
    public void an_aggregate_goes_on_from_the_version_its_warmup_commit_reached()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Waves, BenchmarkMethod.CommitAggregateEvents, 100, 1), payloadBytes: 64);
        var warmup = slots.Next(0, measured: false);
        slots.Acknowledged(warmup, new CommitResult(warmup.Request.CommitId, [.. Enumerable.Range(0, 10).Select(i => (long)i)], 10));

        var measured = slots.Next(0, measured: true).Request;

        Assert.Equal(10, measured.Aggregate!.ExpectedVersion);
        Assert.Equal(110, measured.NextAggregateVersion);
    }

    [Fact]
    public void a_pipelining_owner_decides_on_the_version_its_last_commit_will_produce_and_a_renewed_command_on_the_version_known()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 2, 4, 1), payloadBytes: 64);
        var first = slots.Next(0, measured: true);
        var second = slots.DecideAt(slots.Next(1, measured: true), first.Request.NextAggregateVersion!.Value, measured: true);

        Assert.Equal((0L, 2L), (first.Request.Aggregate!.ExpectedVersion, second.Request.Aggregate!.ExpectedVersion));
        Assert.Equal(0, slots.Renew(second, measured: true).Request.Aggregate!.ExpectedVersion);
        slots.Acknowledged(first, new CommitResult(first.Request.CommitId, [0, 1], 2));
        var renewed = slots.Renew(second, measured: true);
        Assert.Equal((2L, 2L, second.Attempt), (renewed.Request.Aggregate!.ExpectedVersion, slots.KnownVersion(0), renewed.Attempt));
        Assert.NotEqual(second.Request.CommitId, renewed.Request.CommitId);
    }

    [Fact]
    public void a_conditional_command_cannot_be_decided_on_a_version_not_yet_acknowledged()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitConditionalEvents, 1, 4, 1), payloadBytes: 64);

        Assert.Throws<InvalidOperationException>(() => slots.DecideAt(slots.Next(0, measured: true), 3, measured: true));
    }

    [Fact]
    public void uncontended_committers_each_command_their_own_aggregate_every_time()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 1, 5), payloadBytes: 64);

        Assert.False(slots.Contended);
        for (var round = 0; round < 3; round++)
        {
            Assert.Equal([0, 1, 2, 3, 4], slots.NextGroup(measured: true).Select(c => c.Aggregate));
        }
    }

    [Fact]
    public void contended_committers_share_the_cells_aggregates_and_draw_the_same_ones_in_every_run()
    {
        var cell = new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 1, 100, Aggregates: 10);
        var first = new CommitterSlots(cell, payloadBytes: 64);
        var second = new CommitterSlots(cell, payloadBytes: 64);

        var drawn = Enumerable.Range(0, 20).SelectMany(_ => first.NextGroup(measured: true)).Select(c => c.Aggregate).ToArray();
        var again = Enumerable.Range(0, 20).SelectMany(_ => second.NextGroup(measured: true)).Select(c => c.Aggregate).ToArray();

        Assert.True(first.Contended);
        Assert.Equal(drawn, again);
        Assert.Equal(Enumerable.Range(0, 10), drawn.Distinct().Order());
    }

    [Fact]
    public void a_retry_is_a_new_commit_for_the_same_aggregate_from_what_is_known_of_it_now()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 2, 2, Aggregates: 1), payloadBytes: 64);
        var winner = slots.Next(0, measured: true);
        var loser = slots.Next(1, measured: true);
        slots.Acknowledged(winner, new CommitResult(winner.Request.CommitId, [0, 1], 2));

        var retry = slots.Retry(loser, measured: true);

        Assert.Equal(0, loser.Request.Aggregate!.ExpectedVersion);
        Assert.Equal((loser.Slot, loser.Aggregate, 2), (retry.Slot, retry.Aggregate, retry.Attempt));
        Assert.NotEqual(loser.Request.CommitId, retry.Request.CommitId);
        Assert.Equal(2, retry.Request.Aggregate!.ExpectedVersion);
    }

    [Fact]
    public void a_conditional_commit_names_its_aggregates_own_tag_and_follows_the_highest_acknowledged_position()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitConditionalEvents, 2, 2), payloadBytes: 64);
        var first = slots.Next(0, measured: true);
        var other = slots.Next(1, measured: true);

        slots.Acknowledged(other, new CommitResult(other.Request.CommitId, [7, 8], null));
        slots.Acknowledged(first, new CommitResult(first.Request.CommitId, [3, 4], null));
        var next = slots.Next(0, measured: true).Request;

        Assert.Null(first.Request.Condition!.After);
        var item = Assert.Single(next.Condition!.FailIfEventsMatch.Items);
        Assert.Equal([next.Events[0].EventType], item.Types);
        Assert.Equal(["aggregate:0"], item.Tags);
        Assert.All(next.Events, e => Assert.Contains("aggregate:0", e.Tags));
        Assert.DoesNotContain(other.Request.Events, e => e.Tags.Contains("aggregate:0"));
        Assert.Equal(8, next.Condition.After);
    }
}
