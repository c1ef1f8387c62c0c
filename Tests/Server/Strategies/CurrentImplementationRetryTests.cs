using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;
using Npgsql;

namespace EventCommitLab.Tests.Strategies;

[Collection(LabStoresCollection.Name)]
public sealed class CurrentImplementationRetryTests(LabStores stores)
{
    [Fact]
    public async Task a_lost_sequence_race_is_retried_from_the_count_and_counted_once()
    {
        InterceptingEventStore? intercepting = null;
        await using var run = await stores.StartRunAsync("postgres", "CurrentImplementation", s => intercepting = new InterceptingEventStore(s));
        var rival = CommitRequest.ForEvents(run.Events.Create(1));

        // The rival commits sequence number 0 after the strategy has counted 0 events but before it inserts: the
        // strategy's insert then hits the database's unique key, a real race, and must start again from the count.
        intercepting!.OnceBefore(InterceptingEventStore.InsertEvent, async () =>
        {
            await using var session = await intercepting.Inner.OpenAutoCommitSessionAsync(CancellationToken.None);
            await session.InsertEventAsync(rival.Stamp(0)[0], CancellationToken.None);
        });
        run.Ledger.Record(new LedgerEntry(rival.CommitId, 1, LedgerOutcome.Acknowledged, [0], null));

        var outcome = await run.CommitAsync(1);

        Assert.Null(outcome.Failure);
        Assert.Equal([1L], outcome.Result!.SequenceNumbers);
        Assert.Equal(1, run.Strategy.Counters.Retries);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_race_lost_on_every_attempt_ends_in_one_typed_error_naming_the_last_transient_failure()
    {
        InterceptingEventStore? intercepting = null;
        var options = new CommitStrategyOptions { Retry = new CommitRetryOptions { MaxRetryAttempts = 2 } };
        await using var run = await stores.StartRunAsync("postgres", "CurrentImplementation", s => intercepting = new InterceptingEventStore(s), options);

        // Before each of the strategy's inserts a rival takes the very number the strategy counted, so every attempt loses.
        async Task Rival()
        {
            await CommitNextNumberAsync(intercepting!, run);

            intercepting!.OnceBefore(InterceptingEventStore.InsertEvent, Rival);
        }

        intercepting!.OnceBefore(InterceptingEventStore.InsertEvent, Rival);

        var outcome = await run.CommitAsync(1);

        var exhausted = Assert.IsType<CommitRetriesExhaustedException>(outcome.Failure);
        Assert.Equal(3, exhausted.Attempts);
        Assert.Equal(2, run.Strategy.Counters.Retries);
        Assert.Equal(PostgresErrorCodes.UniqueViolation, Assert.IsType<PostgresException>(exhausted.InnerException).SqlState);
        Assert.Contains("23505", exhausted.Message, StringComparison.Ordinal);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task where_the_stores_client_names_its_own_backoff_a_race_is_retried_past_the_options_bound_on_attempts()
    {
        InterceptingEventStore? intercepting = null;
        var options = new CommitStrategyOptions { Retry = new CommitRetryOptions { MaxRetryAttempts = 2 } };
        // As MongoDB's drivers do: no bound on attempts, only on the commit's total time.
        var guidance = new TransientRetryGuidance(TimeSpan.FromMilliseconds(1), TimeSpan.FromMilliseconds(2), 1.5, "test");
        await using var run = await stores.StartRunAsync(
            "postgres", "CurrentImplementation", s => intercepting = new InterceptingEventStore(s) { GuidanceReported = guidance }, options);
        var losses = 0;

        // The first five attempts each lose the number they counted to a rival; the sixth wins.
        async Task Rival()
        {
            await CommitNextNumberAsync(intercepting!, run);

            if (++losses < 5)
            {
                intercepting!.OnceBefore(InterceptingEventStore.InsertEvent, Rival);
            }
        }

        intercepting!.OnceBefore(InterceptingEventStore.InsertEvent, Rival);

        var outcome = await run.CommitAsync(1);

        Assert.Null(outcome.Failure);
        Assert.Equal([5L], outcome.Result!.SequenceNumbers);
        Assert.Equal(5, run.Strategy.Counters.Retries);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_race_lost_while_retries_are_stopped_is_not_tried_again_and_lands_nothing()
    {
        InterceptingEventStore? intercepting = null;
        var stop = new RetryStop();
        var options = new CommitStrategyOptions { Retry = new CommitRetryOptions { Stop = stop } };
        await using var run = await stores.StartRunAsync("postgres", "CurrentImplementation", s => intercepting = new InterceptingEventStore(s), options);
        var rival = CommitRequest.ForEvents(run.Events.Create(1));
        intercepting!.OnceBefore(InterceptingEventStore.InsertEvent, async () =>
        {
            await using var session = await intercepting.Inner.OpenAutoCommitSessionAsync(CancellationToken.None);
            await session.InsertEventAsync(rival.Stamp(0)[0], CancellationToken.None);
        });
        run.Ledger.Record(new LedgerEntry(rival.CommitId, 1, LedgerOutcome.Acknowledged, [0], null));
        stop.Stop();

        var stopped = await run.CommitAsync(1);

        var failure = Assert.IsType<CommitRetriesStoppedException>(stopped.Failure);
        Assert.Equal(1, failure.Attempts);
        Assert.Equal(PostgresErrorCodes.UniqueViolation, Assert.IsType<PostgresException>(failure.InnerException).SqlState);
        Assert.Equal(0, run.Strategy.Counters.Retries);

        stop.Resume();
        var resumed = await run.CommitAsync(1);

        Assert.Null(resumed.Failure);
        Assert.Equal([1L], resumed.Result!.SequenceNumbers);
        var report = await run.VerifyAsync();
        Assert.Empty(report.Violations);
        Assert.Equal(2, report.FoundEvents);
    }

    [Fact]
    public async Task concurrent_commits_race_for_the_count_and_every_retry_is_counted()
    {
        await using var run = await stores.StartRunAsync("postgres", "CurrentImplementation");

        var outcomes = await Task.WhenAll(Enumerable.Range(0, 100).Select(_ => Task.Run(() => run.CommitAsync(1))));

        Assert.All(outcomes, o => Assert.Null(o.Failure));
        Assert.True(run.Strategy.Counters.Retries > 0, "100 concurrent count-based commits should have lost races to each other");
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    /// <summary>A rival commits the number the strategy is about to take, past the interception, and the ledger records it.</summary>
    private static async Task CommitNextNumberAsync(InterceptingEventStore intercepting, StrategyRun run)
    {
        var rival = CommitRequest.ForEvents(run.Events.Create(1));
        await using var session = await intercepting.Inner.OpenAutoCommitSessionAsync(CancellationToken.None);
        var next = (await session.ReadHighestSequenceNumberAsync(CancellationToken.None) ?? -1) + 1;
        await session.InsertEventAsync(rival.Stamp(next)[0], CancellationToken.None);
        run.Ledger.Record(new LedgerEntry(rival.CommitId, 1, LedgerOutcome.Acknowledged, [next], null));
    }
}
