using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Measurement;

namespace EventCommitLab.Tests.Engine.Measurement;

public sealed class AggregateOwnersTests
{
    private readonly SampleEvents _events = new(64);

    [Fact]
    public void a_group_is_cut_into_turns_in_which_each_aggregate_appears_once_keeping_each_aggregates_order()
    {
        var group = new[] { Command(0, 7), Command(1, 7), Command(2, 3), Command(3, 7), Command(4, 3), Command(5, 1) };

        var turns = AggregateOwners.Turns(group);

        Assert.Equal([[0, 2, 5], [1, 4], [3]], turns.Select(t => t.Select(c => c.Slot).ToArray()));
        Assert.All(turns, t => Assert.Equal(t.Count, t.Select(c => c.Aggregate).Distinct().Count()));
    }

    [Fact]
    public async Task an_owner_takes_one_command_at_a_time_in_the_order_they_came()
    {
        var owners = new AggregateOwners(2);
        var order = new List<int>();
        await owners.Of(1).WaitAsync(TestContext.Current.CancellationToken);
        var waiting = Enumerable.Range(0, 5).Select(async i =>
        {
            await owners.Of(1).WaitAsync(TestContext.Current.CancellationToken);
            order.Add(i);
            owners.Of(1).Release();
        }).ToArray();

        Assert.True(owners.Of(0).Wait(0, TestContext.Current.CancellationToken), "another aggregate's owner is free");
        owners.Of(1).Release();
        await Task.WhenAll(waiting);

        Assert.Equal([0, 1, 2, 3, 4], order);
    }

    private CommitterCommand Command(int slot, int aggregate) => new(slot, aggregate, CommitRequest.ForEvents(_events.Create(1)), Attempt: 1);
}
