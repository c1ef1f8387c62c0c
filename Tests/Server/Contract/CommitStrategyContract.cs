using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Harness.Faults;
using EventCommitLab.Strategies;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Contract;

/// <summary>
/// What every strategy must do, on every store: each case runs for every strategy of <see cref="StrategyCatalog.All"/>
/// on every store of <see cref="LabStores.All"/>, so a strategy or a store joins it by its catalog line alone.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class CommitStrategyContract(LabStores stores)
{
    /// <summary>Every strategy on every store.</summary>
    public static TheoryData<string, string> Cases
    {
        get
        {
            var cases = new TheoryData<string, string>();
            foreach (var strategy in StrategyCatalog.Names)
            {
                foreach (var store in LabStores.All)
                {
                    cases.Add(strategy, store.Name);
                }
            }

            return cases;
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task single_commit_is_acknowledged_with_the_first_sequence_number(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);

        var outcome = await run.CommitAsync(1);

        Assert.Null(outcome.Failure);
        Assert.Equal([0L], outcome.Result!.SequenceNumbers);
        Assert.Null(outcome.Result.AggregateVersion);
        var report = await run.VerifyAsync();
        Assert.Empty(report.Violations);
        Assert.Equal(1, report.FoundEvents);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task hundred_event_commit_is_stored_whole_and_contiguous(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        await run.CommitAsync(1);

        var outcome = await run.CommitAsync(100);

        Assert.Equal(Enumerable.Range(1, 100).Select(i => (long)i), outcome.Result!.SequenceNumbers);
        var report = await run.VerifyAsync();
        Assert.Empty(report.Violations);
        Assert.Equal(101, report.FoundEvents);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task hundred_concurrent_commits_leave_a_log_the_verifier_finds_clean(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);

        var outcomes = await Task.WhenAll(Enumerable.Range(0, 100).Select(_ => Task.Run(() => run.CommitAsync(3))));

        Assert.All(outcomes, o => Assert.Null(o.Failure));
        var report = await run.VerifyAsync();
        // Interleaved commits are what a strategy that does not claim contiguous commits may leave: its known weakness.
        Assert.DoesNotContain(report.Violations, v => run.Strategy.Guarantees.ContiguousCommit || v.Kind != ViolationKind.NonContiguousCommit);
        Assert.Equal(300, report.ExpectedEvents);
        Assert.Equal(300, report.FoundEvents);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task aggregate_commits_with_the_right_expected_version_advance_it(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        var aggregate = NewAggregate();

        var created = await run.CommitAsync(aggregate, 0, 2);
        var advanced = await run.CommitAsync(aggregate, 2, 3);

        Assert.Equal(2, created.Result!.AggregateVersion);
        Assert.Equal(5, advanced.Result!.AggregateVersion);
        Assert.Equal(5, await run.AggregateVersionAsync(aggregate));
        Assert.Equal(0, run.Strategy.Counters.Conflicts);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task wrong_expected_version_is_a_conflict_that_writes_nothing_and_is_not_retried(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        var aggregate = NewAggregate();
        await run.CommitAsync(aggregate, 0, 2);

        var stale = await run.CommitAsync(aggregate, 1, 4);
        var recreate = await run.CommitAsync(aggregate, 0, 1);

        var conflict = Assert.IsType<ConcurrencyConflictException>(stale.Failure);
        Assert.Equal(aggregate, conflict.Aggregate);
        Assert.Equal(1, conflict.ExpectedVersion);
        Assert.Equal(2, conflict.ActualVersion);
        Assert.Equal(2, Assert.IsType<ConcurrencyConflictException>(recreate.Failure).ActualVersion);
        Assert.Equal(2, run.Strategy.Counters.Conflicts);
        Assert.Equal(0, run.Strategy.Counters.Retries);
        Assert.Equal(2, await run.CountEventsAsync());
        Assert.Equal(2, await run.AggregateVersionAsync(aggregate));
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task concurrent_first_commits_of_one_aggregate_let_exactly_one_win(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        var aggregate = NewAggregate();

        var outcomes = await Task.WhenAll(Enumerable.Range(0, 10).Select(_ => Task.Run(() => run.CommitAsync(aggregate, 0, 2))));

        var winner = Assert.Single(outcomes, o => o.Result is not null);
        Assert.All(outcomes.Where(o => o != winner), o => Assert.IsType<ConcurrencyConflictException>(o.Failure));
        Assert.Equal(2, await run.AggregateVersionAsync(aggregate));
        Assert.Equal(2, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task several_writer_processes_keep_the_log_clean_when_the_strategy_claims_it(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        Assert.SkipUnless(run.Strategy.Guarantees.SafeWithSeveralWriterProcesses, $"{strategy} does not claim to be safe with several writer processes.");
        await using var second = run.Registration.Create(run.Store, new());

        var outcomes = await Task.WhenAll(Enumerable.Range(0, 60).Select(i => Task.Run(() => i % 2 == 0 ? run.CommitAsync(2) : run.CommitAsync(second, 2))));

        Assert.All(outcomes, o => Assert.Null(o.Failure));
        var report = await run.VerifyAsync();
        Assert.DoesNotContain(report.Violations, v => run.Strategy.Guarantees.ContiguousCommit || v.Kind != ViolationKind.NonContiguousCommit);
        Assert.Equal(120, report.FoundEvents);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task a_new_instance_numbers_on_from_the_log_end_whichever_way_the_counter_drifted(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        Assert.SkipUnless(run.Strategy.Guarantees.CounterAtLogEnd, $"{strategy} does not number from the store's counter.");
        await run.CommitAsync(2);

        await CounterDrift.WriteEventsPastCounterAsync(run.Store, run.Ledger, CancellationToken.None);
        CommitOutcome afterLogAhead;
        await using (var restarted = run.Registration.Create(run.Store, new()))
        {
            afterLogAhead = await run.CommitAsync(restarted, 2);
        }

        await CounterDrift.TakeNumbersNeverWrittenAsync(run.Store, CancellationToken.None);
        CommitOutcome afterCounterAhead;
        await using (var restarted = run.Registration.Create(run.Store, new()))
        {
            afterCounterAhead = await run.CommitAsync(restarted, 2);
        }

        const long logEnd = 2 + CounterDrift.Distance;
        Assert.Equal([logEnd, logEnd + 1], afterLogAhead.Result!.SequenceNumbers);
        Assert.Equal([logEnd + 2, logEnd + 3], afterCounterAhead.Result!.SequenceNumbers);
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task bad_input_is_a_clear_argument_error_and_writes_nothing(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        var aggregate = NewAggregate();
        var valid = run.Events.Create(aggregate.EventSource, 1)[0];

        var none = await Assert.ThrowsAsync<ArgumentException>(() => run.Strategy.CommitAsync([], CancellationToken.None));
        var nullPayload = await Assert.ThrowsAsync<ArgumentNullException>(() => run.Strategy.CommitAsync([valid with { Payload = null! }], CancellationToken.None));
        var foreign = await Assert.ThrowsAsync<ArgumentException>(() => run.Strategy.CommitAggregateAsync(aggregate, 0, [valid with { EventSource = "another" }], CancellationToken.None));
        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => run.Strategy.CommitAggregateAsync(aggregate, -1, [valid], CancellationToken.None));

        Assert.Contains("at least one event", none.Message, StringComparison.Ordinal);
        Assert.Contains("null payload", nullPayload.Message, StringComparison.Ordinal);
        Assert.Contains("event source", foreign.Message, StringComparison.Ordinal);
        Assert.Equal(0, await run.CountEventsAsync());
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task a_conditional_commit_is_kept_where_the_strategy_claims_it_and_refused_before_writing_anything_elsewhere(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        var keeps = run.Strategy.Guarantees.KeepsAppendConditions && run.Store.Lacks(StoreFeature.AppendConditions) is null;

        var first = await run.CommitAsync(ConditionalCommit.Reserving("seat:1", after: null));
        var second = await run.CommitAsync(ConditionalCommit.Reserving("seat:1", after: null));

        if (keeps)
        {
            Assert.Equal([0L], first.Result!.SequenceNumbers);
            Assert.IsType<AppendConditionFailedException>(second.Failure);
            Assert.Equal(1, run.Strategy.Counters.Conflicts);
            Assert.Equal(1, await run.CountEventsAsync());
        }
        else
        {
            Assert.Contains("append condition", Assert.IsType<NotSupportedException>(first.Failure).Message, StringComparison.Ordinal);
            Assert.IsType<NotSupportedException>(second.Failure);
            Assert.Equal(0, await run.CountEventsAsync());
        }

        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task a_condition_fails_only_on_an_event_of_its_types_with_all_its_tags_after_its_position(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        SkipUnlessConditionsKept(run);
        await run.CommitAsync(CommitRequest.ForEvents([ConditionalCommit.Event("SeatReleased", "seat:2")]));
        Assert.Equal([1L], (await run.CommitAsync(ConditionalCommit.Reserving("seat:1", after: null))).Result!.SequenceNumbers);

        var afterIt = await run.CommitAsync(ConditionalCommit.Reserving("seat:1", after: 1));
        var otherType = await run.CommitAsync(ConditionalCommit.Reserving("seat:2", after: null));
        var moreTags = await run.CommitAsync(CommitRequest.ForCondition(
            new AppendCondition(DcbQuery.Of([ConditionalCommit.Reserved], "seat:1", "row:9"), null), [ConditionalCommit.Event(ConditionalCommit.Reserved, "seat:3")]));
        var beforeIt = await run.CommitAsync(ConditionalCommit.Reserving("seat:1", after: 0));
        var anyType = await run.CommitAsync(CommitRequest.ForCondition(
            new AppendCondition(DcbQuery.Of([], "seat:2"), null), [ConditionalCommit.Event(ConditionalCommit.Reserved, "seat:4")]));

        Assert.Null(afterIt.Failure);
        Assert.Null(otherType.Failure);
        Assert.Null(moreTags.Failure);
        Assert.IsType<AppendConditionFailedException>(beforeIt.Failure);
        Assert.IsType<AppendConditionFailedException>(anyType.Failure);
        Assert.Equal(5, await run.CountEventsAsync());
        Assert.Empty((await run.VerifyAsync()).Violations);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task of_concurrent_commits_whose_conditions_match_each_others_events_exactly_one_is_written(string strategy, string store)
    {
        await using var run = await stores.StartRunAsync(store, strategy);
        SkipUnlessConditionsKept(run);

        for (var round = 0; round < 20; round++)
        {
            var seat = $"seat:{round}";
            var outcomes = await Task.WhenAll(Enumerable.Range(0, 4).Select(_ => Task.Run(() => run.CommitAsync(ConditionalCommit.Reserving(seat, after: null)))));

            var winner = Assert.Single(outcomes, o => o.Result is not null);
            Assert.All(outcomes.Where(o => o != winner), o => Assert.IsType<AppendConditionFailedException>(o.Failure));
        }

        var report = await run.VerifyAsync();
        Assert.Empty(report.Violations);
        Assert.Equal(20, report.FoundEvents);
    }

    private static void SkipUnlessConditionsKept(StrategyRun run) =>
        Assert.SkipUnless(
            run.Strategy.Guarantees.KeepsAppendConditions && run.Store.Lacks(StoreFeature.AppendConditions) is null,
            $"{run.Strategy.Name} on {run.Store.Description} does not keep append conditions (it refuses them: see the test above).");

    private static AggregateKey NewAggregate() => new(Guid.NewGuid().ToString("N"), "Order");
}
