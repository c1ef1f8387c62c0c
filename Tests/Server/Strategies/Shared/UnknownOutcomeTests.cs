using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;
using Npgsql;

namespace EventCommitLab.Tests.Strategies.Shared;

/// <summary>
/// A connection cut around COMMIT by a real TCP relay in front of the private PostgreSQL: a commit that landed is
/// acknowledged once and never written again, one that did not land is written once by its retry.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class UnknownOutcomeTests(LabStores stores)
{
    public static TheoryData<string> Strategies => ["CurrentImplementation", "TransactionalCounter", "InsertMany", "BatchingPipeline", "BatchingPipelineNumbered2InFlight", "BatchingPipelineServerSequence4InFlight"];

    [Theory]
    [MemberData(nameof(Strategies))]
    public async Task a_commit_whose_answer_was_lost_after_it_landed_is_acknowledged_once_and_not_written_again(string strategy)
    {
        await using var relayed = await RelayedRunAsync(strategy);
        relayed.Relay.Arm(CommitCuttingRelay.Cut.AfterCommitLanded);

        var outcome = await relayed.Run.CommitAsync(3);

        Assert.Equal(1, relayed.Relay.Cuts);
        Assert.Null(outcome.Failure);
        Assert.Equal([1L, 2, 3], outcome.Result!.SequenceNumbers);
        Assert.Equal(0, relayed.Run.Strategy.Counters.Retries);
        Assert.Equal((1L, 0L), (relayed.Run.Strategy.Counters.LostAnswersWritten, relayed.Run.Strategy.Counters.LostAnswersNotWritten));
        await AssertCleanAsync(relayed.Run, expectedEvents: 4);
    }

    [Theory]
    [MemberData(nameof(Strategies))]
    public async Task a_commit_cut_before_it_reached_the_server_is_written_once_by_its_retry(string strategy)
    {
        await using var relayed = await RelayedRunAsync(strategy);
        relayed.Relay.Arm(CommitCuttingRelay.Cut.BeforeCommit);

        var outcome = await relayed.Run.CommitAsync(3);

        Assert.Equal(1, relayed.Relay.Cuts);
        Assert.Null(outcome.Failure);
        Assert.Equal(1, relayed.Run.Strategy.Counters.Retries);
        Assert.Equal((0L, 1L), (relayed.Run.Strategy.Counters.LostAnswersWritten, relayed.Run.Strategy.Counters.LostAnswersNotWritten));
        await AssertCleanAsync(relayed.Run, expectedEvents: 4);
    }

    [Fact]
    public async Task an_aggregate_commit_that_landed_unheard_is_acknowledged_at_its_version_not_reported_as_a_conflict()
    {
        await using var relayed = await RelayedRunAsync("TransactionalCounter");
        var order = new AggregateKey("order-1", "Order");
        relayed.Relay.Arm(CommitCuttingRelay.Cut.AfterCommitLanded);

        var outcome = await relayed.Run.CommitAsync(order, 0, 2);
        var next = await relayed.Run.CommitAsync(order, 2, 1);

        Assert.Null(outcome.Failure);
        Assert.Equal(2, outcome.Result!.AggregateVersion);
        Assert.Null(next.Failure);
        Assert.Equal(3, await relayed.Run.AggregateVersionAsync(order));
        await AssertCleanAsync(relayed.Run, expectedEvents: 4);
    }

    [Fact]
    public async Task a_lost_answer_whose_lookup_fails_too_is_a_typed_unknown_outcome_the_ledger_keeps_as_unknown()
    {
        // No relay: the answer's loss is handed to the lookup as the store reports it, and the lookup is asked with a
        // token that is already cancelled, as a caller who gave up would, so it fails too.
        await using var run = new StrategyRun(await stores.FreshStoreAsync("postgres"), StrategyCatalog.Get("TransactionalCounter"), new CommitStrategyOptions());
        var request = CommitRequest.ForEvents(run.Events.Create(1));
        var lost = new WriteOutcomeUnknownException("COMMIT", new IOException("cut"));
        var failure = await Assert.ThrowsAsync<EventCommitLab.Contract.CommitOutcomeUnknownException>(
            () => UnknownOutcome.ResolveAsync(run.Store, new EventCommitLab.Contract.CommitCounters(), request.CommitId, lost, new CancellationToken(canceled: true)));
        run.Ledger.Record(EventCommitLab.Contract.CommitOutcome.Failed(request, failure));

        Assert.Equal(request.CommitId, failure.CommitId);
        Assert.Equal(LedgerOutcome.Unknown, run.Ledger.Entries.Single(e => e.CommitId == request.CommitId).Outcome);
        Assert.True((await run.VerifyAsync()).Passed);
    }

    private static async Task AssertCleanAsync(StrategyRun run, long expectedEvents)
    {
        var report = await run.VerifyAsync();
        // No failure; a strategy that does not claim a gap-free sequence may show the gap its first attempt left.
        Assert.True(report.Passed, report.ToString());
        Assert.All(report.Violations, v => Assert.Equal(ViolationKind.SequenceGap, v.Kind));
        Assert.Equal(expectedEvents, report.FoundEvents);
    }

    private async Task<RelayedRun> RelayedRunAsync(string strategy)
    {
        var direct = await stores.FreshStoreAsync("postgres");
        var target = new NpgsqlConnectionStringBuilder(((PostgresEventStore)direct).ConnectionString);
        var relay = new CommitCuttingRelay(target.Port);
        target.Port = relay.Port;
        target.SslMode = SslMode.Disable;
        var viaRelay = PostgresEventStore.Open(target.ConnectionString, "through a cutting relay");
        var run = new StrategyRun(viaRelay, StrategyCatalog.Get(strategy), new CommitStrategyOptions());

        // A first commit before any cut: a strategy's first commit may send a COMMIT of its own (the counter's alignment).
        Assert.Null((await run.CommitAsync(1)).Failure);
        return new RelayedRun(direct, relay, run);
    }

    private sealed record RelayedRun(IEventLog Direct, CommitCuttingRelay Relay, StrategyRun Run) : IAsyncDisposable
    {
        public async ValueTask DisposeAsync()
        {
            await Run.DisposeAsync();
            await Relay.DisposeAsync();
            await Direct.DisposeAsync();
        }
    }
}
