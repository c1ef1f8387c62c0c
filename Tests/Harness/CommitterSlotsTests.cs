using EventCommitLab.Harness.Measurement;
using EventCommitLab.Harness.Results;
using EventCommitLab.Strategies.Model;

namespace EventCommitLab.Tests.Harness;

public sealed class CommitterSlotsTests
{
    [Fact]
    public void warmup_commits_carry_at_most_ten_events_and_measured_commits_all_of_them()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Waves, BenchmarkMethod.CommitEvents, 100, 3), payloadBytes: 64);

        Assert.All(slots.NextGroup(measured: false), request => Assert.Equal(10, request.Events.Count));
        Assert.All(slots.NextGroup(measured: true), request => Assert.Equal(100, request.Events.Count));
    }

    [Fact]
    public void a_commit_of_ten_events_or_fewer_is_warmed_up_whole()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 2), payloadBytes: 64);

        Assert.Single(slots.Next(0, measured: false).Events);
    }

    [Fact]
    public void an_aggregate_goes_on_from_the_version_its_warmup_commit_reached()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Waves, BenchmarkMethod.CommitAggregateEvents, 100, 1), payloadBytes: 64);
        var warmup = slots.Next(0, measured: false);
        slots.Acknowledged(0, warmup, new CommitResult(warmup.CommitId, [.. Enumerable.Range(0, 10).Select(i => (long)i)], 10));

        var measured = slots.Next(0, measured: true);

        Assert.Equal(10, measured.Aggregate!.ExpectedVersion);
        Assert.Equal(110, measured.NextAggregateVersion);
    }

    [Fact]
    public void a_conditional_commit_names_its_committers_own_tag_and_follows_the_highest_acknowledged_position()
    {
        var slots = new CommitterSlots(new CellKey(LoadKind.Sustained, BenchmarkMethod.CommitConditionalEvents, 2, 2), payloadBytes: 64);
        var first = slots.Next(0, measured: true);
        var other = slots.Next(1, measured: true);

        slots.Acknowledged(1, other, new CommitResult(other.CommitId, [7, 8], null));
        slots.Acknowledged(0, first, new CommitResult(first.CommitId, [3, 4], null));
        var next = slots.Next(0, measured: true);

        Assert.Null(first.Condition!.After);
        var item = Assert.Single(next.Condition!.FailIfEventsMatch.Items);
        Assert.Equal([next.Events[0].EventType], item.Types);
        Assert.Equal(["committer:0"], item.Tags);
        Assert.All(next.Events, e => Assert.Contains("committer:0", e.Tags));
        Assert.DoesNotContain(other.Events, e => e.Tags.Contains("committer:0"));
        Assert.Equal(8, next.Condition.After);
    }
}
