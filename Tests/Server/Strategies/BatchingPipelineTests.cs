using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Strategies;

[Collection(LabStoresCollection.Name)]
public sealed class BatchingPipelineTests(LabStores stores)
{
    [Fact]
    public async Task a_failing_aggregate_check_is_rejected_alone_and_the_rest_of_its_batch_commits()
    {
        InterceptingEventStore? intercepting = null;
        await using var run = await stores.StartRunAsync("postgres", "BatchingPipeline", s => intercepting = new InterceptingEventStore(s));
        var known = new AggregateKey("known", "Order");
        await run.CommitAsync(known, 0, 1);
        var release = HoldTheWriter(intercepting!, out var writerHeld);

        var first = run.CommitAsync(1);
        await writerHeld;
        var stale = run.CommitAsync(known, 5, 1);
        var plain = run.CommitAsync(2);
        var created = run.CommitAsync(new AggregateKey("new", "Order"), 0, 3);
        var advanced = run.CommitAsync(known, 1, 1);
        release.SetResult();

        Assert.IsType<ConcurrencyConflictException>((await stale).Failure);
        Assert.All(await Task.WhenAll(first, plain, created, advanced), o => Assert.Null(o.Failure));
        // The known aggregate's second commit waits for the next batch: one batch never checks an aggregate twice.
        Assert.Equal(4, run.Strategy.Counters.Batches);
        Assert.Equal(1, run.Strategy.Counters.Conflicts);
        Assert.Equal(2, await run.AggregateVersionAsync(known));
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_commit_the_database_refuses_fails_alone_and_the_rest_of_its_batch_commits()
    {
        InterceptingEventStore? intercepting = null;
        await using var run = await stores.StartRunAsync("postgres", "BatchingPipeline", s => intercepting = new InterceptingEventStore(s));
        var release = HoldTheWriter(intercepting!, out var writerHeld);

        var first = run.CommitAsync(1);
        await writerHeld;
        var before = run.CommitAsync(2);
        var poisoned = run.CommitAsync(CommitRequest.ForEvents([run.Events.Create(1)[0] with { Payload = "not json" }]));
        var after = run.CommitAsync(3);
        release.SetResult();

        Assert.NotNull((await poisoned).Failure);
        Assert.All(await Task.WhenAll(first, before, after), o => Assert.Null(o.Failure));
        Assert.Equal(6, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_batch_sent_while_another_is_in_flight_commits_first_and_a_refused_one_fails_alone_leaving_no_gap()
    {
        InterceptingEventStore? intercepting = null;
        await using var run = await stores.StartRunAsync("postgres", "BatchingPipeline2InFlight", s => intercepting = new InterceptingEventStore(s));
        var release = HoldTheWriter(intercepting!, out var writerHeld);

        var held = run.CommitAsync(1);
        await writerHeld;
        var good = new[] { run.CommitAsync(2), run.CommitAsync(3) };
        var poisoned = run.CommitAsync(CommitRequest.ForEvents([run.Events.Create(1)[0] with { Payload = "not json" }]));

        // How the three split into batches depends on when the writer wakes; the second batch in flight holds at least the
        // first good commit, and with one batch in flight nothing could be written while the first is held.
        var writtenWhileHeld = await (await Task.WhenAny(good).WaitAsync(TimeSpan.FromSeconds(60), TestContext.Current.CancellationToken));
        release.SetResult();
        var heldOutcome = await held;

        Assert.NotNull((await poisoned).Failure);
        Assert.All(await Task.WhenAll(good), o => Assert.Null(o.Failure));
        Assert.True(heldOutcome.Result!.SequenceNumbers[0] > writtenWhileHeld.Result!.SequenceNumbers[^1]);
        Assert.Equal(6, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Theory]
    [InlineData("BatchingPipeline", false)]
    [InlineData("BatchingPipeline2InFlight", true)]
    public async Task the_counters_say_how_long_commits_queued_how_long_batches_took_and_how_many_were_in_flight(string strategy, bool overlaps)
    {
        InterceptingEventStore? intercepting = null;
        await using var run = await stores.StartRunAsync("postgres", strategy, s => intercepting = new InterceptingEventStore(s));
        var release = HoldTheWriter(intercepting!, out var writerHeld);
        var held = run.CommitAsync(1);
        await writerHeld;
        var queued = Enumerable.Range(0, 20).Select(_ => run.CommitAsync(1)).ToArray();
        if (overlaps)
        {
            // Some of the queued commits form a second batch while the first is held (how many depends on when the writer
            // wakes; the rest wait for the first batch, as the in-flight bound says).
            await Task.WhenAny(queued).WaitAsync(TimeSpan.FromSeconds(60), TestContext.Current.CancellationToken);
        }

        await Task.Delay(50, TestContext.Current.CancellationToken);
        release.SetResult();
        await Task.WhenAll([held, .. queued]);

        var counters = run.Strategy.Counters.Snapshot();
        Assert.Equal(21, counters.CommitsInBatches);
        Assert.True(counters.WriteTicks > 0);
        Assert.True(counters.QueueWaitTicks > 0);
        Assert.Equal(overlaps, counters.InFlightSum > counters.Batches);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    /// <summary>The pipeline's design and every tuning of it in the catalog.</summary>
    public static TheoryData<string> Pipelines => [.. StrategyCatalog.All.Where(r => r.Name == Design || r.TuningOf == Design).Select(r => r.Name)];

    private static string Design => EventCommitLab.Strategies.Implementations.BatchingPipelineStrategy.NameFor(1);

    [Theory]
    [MemberData(nameof(Pipelines))]
    public async Task a_thousand_concurrent_committers_leave_a_log_the_verifier_finds_clean(string strategy)
    {
        await using var run = await stores.StartRunAsync("postgres", strategy);
        var order = new AggregateKey("order", "Order");

        var outcomes = await Task.WhenAll(Enumerable.Range(0, 1000).Select(i => Task.Run(() => i % 10 == 0 ? run.CommitAsync(order, 0, 1) : run.CommitAsync(2))));

        Assert.Equal(1, outcomes.Count(o => o.Result?.AggregateVersion == 1));
        Assert.Equal(99, outcomes.Count(o => o.Failure is ConcurrencyConflictException));
        Assert.Equal(900 * 2 + 1, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_full_queue_makes_the_next_caller_wait_for_room_so_a_caller_who_gives_up_there_writes_nothing()
    {
        InterceptingEventStore? intercepting = null;
        await using var run = await stores.StartRunAsync(
            "postgres", "BatchingPipeline", s => intercepting = new InterceptingEventStore(s), new CommitStrategyOptions { Pipeline = new() { QueueCapacity = 2 } });
        var release = HoldTheWriter(intercepting!, out var writerHeld);
        var held = run.Strategy.CommitAsync(run.Events.Create(1), CancellationToken.None);
        await writerHeld;
        var queued = new[] { run.Strategy.CommitAsync(run.Events.Create(1), CancellationToken.None), run.Strategy.CommitAsync(run.Events.Create(1), CancellationToken.None) };

        // The queue holds two: the fourth caller waits for room, and gives up there.
        using var giveUp = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => run.Strategy.CommitAsync(run.Events.Create(1), giveUp.Token));
        release.SetResult();
        await Task.WhenAll([held, .. queued]);
        await run.Strategy.DisposeAsync();

        Assert.Equal(3, await run.CountEventsAsync());
    }

    [Fact]
    public async Task a_new_pipeline_instance_continues_the_sequence_after_the_last_committed_event()
    {
        await using var run = await stores.StartRunAsync("postgres", "BatchingPipeline");
        await Task.WhenAll(Enumerable.Range(0, 5).Select(_ => run.CommitAsync(2)));

        CommitOutcome next;
        await using (var restarted = run.Registration.Create(run.Store, new()))
        {
            next = await run.CommitAsync(restarted, 3);
        }

        Assert.Equal([10L, 11, 12], next.Result!.SequenceNumbers);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_caller_who_cancels_while_queued_is_told_so_and_the_ledger_keeps_the_commit_as_unknown_not_failed()
    {
        var (run, release, first) = await StartWithTheWriterHeldOnAFirstCommitAsync();
        await using var disposeRun = run;
        using var giveUp = new CancellationTokenSource();

        var cancelled = run.Ledger.RecordAsync(CommitRequest.ForEvents(run.Events.Create(2)), r => run.Strategy.CommitAsync(r, giveUp.Token));
        await giveUp.CancelAsync();
        var outcome = await cancelled;
        release.SetResult();
        await first;
        await run.Strategy.DisposeAsync();

        // The writer had it queued and wrote it: a ledger that said "failed" would make the verifier fail a correct log.
        Assert.IsAssignableFrom<OperationCanceledException>(outcome.Failure);
        Assert.Equal(EventCommitLab.Verification.LedgerOutcome.Unknown, run.Ledger.Entries.Single(e => e.CommitId == outcome.Request.CommitId).Outcome);
        Assert.Equal(3, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_commit_whose_caller_gave_up_and_that_then_fails_leaves_no_unobserved_task_exception()
    {
        var (run, release, first) = await StartWithTheWriterHeldOnAFirstCommitAsync();
        await using var disposeRun = run;
        using var giveUp = new CancellationTokenSource();
        var refused = CommitRequest.ForEvents([run.Events.Create(1)[0] with { Payload = "not json" }]);
        var unobserved = 0;
        // Other tests' garbage may be collected meanwhile: only a failure of this refused payload counts.
        void Count(object? sender, UnobservedTaskExceptionEventArgs e)
        {
            if (e.Exception.InnerExceptions.Any(x => x is Npgsql.PostgresException { SqlState: Npgsql.PostgresErrorCodes.InvalidTextRepresentation }))
            {
                Interlocked.Increment(ref unobserved);
            }
        }

        TaskScheduler.UnobservedTaskException += Count;
        try
        {
            await CommitAndGiveUpAsync(run.Strategy, refused, giveUp);
            release.SetResult();
            await first;
            // The writer keeps its latest batch until it forms the next one: this one replaces the refused commit's.
            await run.CommitAsync(1);
            await run.Strategy.DisposeAsync();
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
        finally
        {
            TaskScheduler.UnobservedTaskException -= Count;
        }

        Assert.Equal(0, unobserved);
        Assert.Equal(2, await run.CountEventsAsync());
    }

    [Fact]
    public async Task disposing_writes_and_answers_every_queued_commit_then_takes_no_more()
    {
        await using var run = await stores.StartRunAsync("postgres", "BatchingPipeline");

        var queued = Enumerable.Range(0, 50).Select(_ => run.CommitAsync(2)).ToArray();
        await run.Strategy.DisposeAsync();

        Assert.Equal(100, await run.CountEventsAsync());
        Assert.All(await Task.WhenAll(queued).WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken), o => Assert.Null(o.Failure));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => run.Strategy.CommitAsync(run.Events.Create(1), CancellationToken.None));
    }

    /// <summary>A pipeline whose writer is held on a first one-event commit, so that what is committed next waits in its queue.</summary>
    private async Task<(StrategyRun Run, TaskCompletionSource Release, Task<CommitOutcome> First)> StartWithTheWriterHeldOnAFirstCommitAsync()
    {
        InterceptingEventStore? intercepting = null;
        var run = await stores.StartRunAsync("postgres", "BatchingPipeline", s => intercepting = new InterceptingEventStore(s));
        var release = HoldTheWriter(intercepting!, out var writerHeld);
        var first = run.CommitAsync(1);
        await writerHeld;
        return (run, release, first);
    }

    /// <summary>Commits and cancels while the commit is queued. A method of its own, so that no local of the test keeps the
    /// commit's task reachable and the collector can find it unobserved.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static async Task CommitAndGiveUpAsync(ICommitStrategy strategy, CommitRequest request, CancellationTokenSource giveUp)
    {
        var abandoned = strategy.CommitAsync(request, giveUp.Token);
        await giveUp.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => abandoned);
    }

    /// <summary>
    /// Blocks the pipeline's next batch write until released, so that the commits made meanwhile form one batch. A test that
    /// fails before releasing it must not hang in the run's disposal (which drains the pipeline): the hold gives up after a
    /// minute, failing that batch's write.
    /// </summary>
    [Fact]
    public async Task a_hundred_committers_in_a_closed_loop_never_deadlock_a_pipeline_numbering_its_batches()
    {
        InterceptingEventStore? intercepting = null;
        await using var run = await stores.StartRunAsync("postgres", "BatchingPipelineNumbered2InFlight", s => intercepting = new InterceptingEventStore(s));

        await Task.WhenAll(Enumerable.Range(0, 100).Select(_ => Task.Run(async () =>
        {
            for (var i = 0; i < 30; i++)
            {
                Assert.Null((await run.CommitAsync(1)).Failure);
            }
        })));

        // PostgreSQL breaks a deadlock by failing one of its transactions, which the pipeline then writes again: the
        // commits all succeed either way, and only the failure says the batches waited for each other.
        Assert.DoesNotContain(intercepting!.BatchWriteFailures, e => e is Npgsql.PostgresException { SqlState: Npgsql.PostgresErrorCodes.DeadlockDetected });
        Assert.Equal(3000, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_pipeline_numbering_its_batches_has_the_store_number_one_a_rival_got_ahead_of_leaves_the_next_to_the_store_and_then_numbers_its_batches_again()
    {
        InterceptingEventStore? intercepting = null;
        await using var run = await stores.StartRunAsync("postgres", "BatchingPipelineNumbered2InFlight", s => intercepting = new InterceptingEventStore(s));
        await using var rival = StrategyCatalog.Get("TransactionalCounter").Create(run.Store, new CommitStrategyOptions());
        var (rivalLanded, numberedAgain) = (new TaskCompletionSource(), new TaskCompletionSource());

        // The store numbers the first batch: its answer tells the pipeline where the counter stands.
        Assert.Equal([0L, 1L], (await run.CommitAsync(2)).Result!.SequenceNumbers);
        intercepting!.OnceBefore(InterceptingEventStore.WriteNumberedBatch, async () =>
        {
            Assert.Null((await run.CommitAsync(rival, 3)).Failure);
            rivalLanded.SetResult();
        });
        var refused = await run.CommitAsync(1);
        // One refusal: the forecast leaves one batch more to the store (CounterForecast's back-off) before it numbers again.
        var leftToStore = await run.CommitAsync(1);
        intercepting.OnceBefore(InterceptingEventStore.WriteNumberedBatch, () =>
        {
            numberedAgain.SetResult();
            return Task.CompletedTask;
        });
        var forecastAgain = await run.CommitAsync(2);

        Assert.True(rivalLanded.Task.IsCompleted && numberedAgain.Task.IsCompleted);
        Assert.Equal([5L], refused.Result!.SequenceNumbers);
        Assert.Equal([6L], leftToStore.Result!.SequenceNumbers);
        Assert.Equal([7L, 8L], forecastAgain.Result!.SequenceNumbers);
        Assert.Equal(1, run.Strategy.Counters.Retries);
        Assert.Equal(9, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Fact]
    public async Task a_large_batch_of_plain_commits_is_written_as_two_halves_numbered_one_after_the_other()
    {
        InterceptingEventStore? intercepting = null;
        var splitting = new CommitStrategyOptions { Pipeline = new() { NumbersItsBatches = true, SplitFromEvents = 6 } };
        await using var run = await stores.StartRunAsync("postgres", "BatchingPipeline", s => intercepting = new InterceptingEventStore(s), splitting);
        // The store numbers the first batch, which tells the pipeline where the counter stands.
        Assert.Null((await run.CommitAsync(2)).Failure);
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        intercepting!.OnceBefore(InterceptingEventStore.WriteNumberedBatch, async () =>
        {
            held.SetResult();
            await release.Task.WaitAsync(TimeSpan.FromMinutes(1));
        });
        var first = run.CommitAsync(1);
        await held.Task;

        // Queued while the lone commit is held: one batch of six commits, seven events, cut at the commit holding its middle.
        var queued = Enumerable.Range(0, 6).Select(i => run.CommitAsync(i == 0 ? 2 : 1)).ToArray();
        await Task.Delay(200, TestContext.Current.CancellationToken);
        // The first half is held until the second is asked for: ended sooner, it would leave the second nothing to follow.
        intercepting.OnceBefore(InterceptingEventStore.WriteNumberedBatch, async () =>
        {
            for (var waits = 0; intercepting.NumberedWrites.Count < 3 && waits < 6000; waits++)
            {
                await Task.Delay(10, TestContext.Current.CancellationToken);
            }
        });
        release.SetResult();
        var outcomes = await Task.WhenAll([first, .. queued]);

        Assert.All(outcomes, o => Assert.Null(o.Failure));
        Assert.Equal([.. Enumerable.Range(2, 8).Select(n => (long)n)], outcomes.SelectMany(o => o.Result!.SequenceNumbers));
        // A commit that reached the queue only after the release goes in a later batch; the first two writes are the halves.
        var halves = intercepting.NumberedWrites.Skip(1).ToArray();
        Assert.Equal((3L, (long?)null, 2), halves[0]);
        Assert.Equal((6L, (long?)3L), (halves[1].First, halves[1].After));
        Assert.Equal(6, halves.Sum(w => w.Commits));
        Assert.Equal(10, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    private static TaskCompletionSource HoldTheWriter(InterceptingEventStore store, out Task writerHeld)
    {
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        store.OnceBefore(InterceptingEventStore.WriteBatch, async () =>
        {
            held.SetResult();
            await release.Task.WaitAsync(TimeSpan.FromMinutes(1));
        });
        writerHeld = held.Task;
        return release;
    }
}
