using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Strategies;

[Collection(LabStoresCollection.Name)]
public sealed class SimulatedBatchingTests(LabStores stores)
{
    [Fact]
    public async Task a_wave_is_written_in_one_transaction_and_a_conflict_in_it_is_rejected_alone()
    {
        await using var run = await stores.StartRunAsync("postgres", "SimulatedBatching");
        var strategy = Assert.IsAssignableFrom<IWaveCommitStrategy>(run.Strategy);
        var aggregate = new AggregateKey("order-1", "Order");
        var wave = Enumerable.Range(0, 19).Select(_ => CommitRequest.ForEvents(run.Events.Create(5)))
            .Append(CommitRequest.ForAggregate(aggregate, 3, run.Events.Create(aggregate.EventSource, 1)))
            .ToArray();

        var outcomes = await strategy.CommitWaveAsync(wave, CancellationToken.None);
        foreach (var outcome in outcomes)
        {
            run.Ledger.Record(outcome);
        }

        Assert.Equal(19, outcomes.Count(o => o.Result is not null));
        Assert.IsType<ConcurrencyConflictException>(outcomes[^1].Failure);
        Assert.Equal(1, run.Strategy.Counters.Batches);
        Assert.Equal(1, run.Strategy.Counters.Conflicts);
        Assert.Equal(Enumerable.Range(0, 95).Select(i => (long)i), outcomes.Take(19).SelectMany(o => o.Result!.SequenceNumbers));
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_wave_holding_rival_conditional_commits_is_written_in_parts_and_lets_exactly_one_of_them_in()
    {
        await using var run = await stores.StartRunAsync("postgres", "SimulatedBatching");
        var strategy = Assert.IsAssignableFrom<IWaveCommitStrategy>(run.Strategy);
        CommitRequest[] wave =
        [
            ConditionalCommit.Reserving("seat:1", after: null),
            CommitRequest.ForEvents(run.Events.Create(2)),
            ConditionalCommit.Reserving("seat:1", after: null),
            ConditionalCommit.Reserving("seat:2", after: null),
        ];

        var outcomes = await strategy.CommitWaveAsync(wave, CancellationToken.None);
        foreach (var outcome in outcomes)
        {
            run.Ledger.Record(outcome);
        }

        Assert.Equal([0L], outcomes[0].Result!.SequenceNumbers);
        Assert.Equal([1L, 2], outcomes[1].Result!.SequenceNumbers);
        Assert.IsType<AppendConditionFailedException>(outcomes[2].Failure);
        Assert.Equal([3L], outcomes[3].Result!.SequenceNumbers);
        Assert.Equal(2, run.Strategy.Counters.Batches);
        Assert.Equal(1, run.Strategy.Counters.Conflicts);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }
}
