using EventCommitLab.Harness.Measurement;
using EventCommitLab.Harness.Results;

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
        slots.Acknowledged(0, warmup);

        var measured = slots.Next(0, measured: true);

        Assert.Equal(10, measured.Aggregate!.ExpectedVersion);
        Assert.Equal(110, measured.NextAggregateVersion);
    }
}
