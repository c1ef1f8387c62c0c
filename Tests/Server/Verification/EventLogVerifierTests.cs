using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Verification;

/// <summary>The verifier on logs written by hand into the real database, one flaw at a time.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class EventLogVerifierTests(LabStores stores) : IAsyncLifetime
{
    private static readonly StrategyGuarantees ClaimsNothing = new(false, false, false, false);
    private static readonly SampleEvents Sample = new();
    private readonly CommitLedger _ledger = new();
    private IEventLog _log = null!;

    public async ValueTask InitializeAsync() => _log = await stores.FreshStoreAsync("postgres");

    public async ValueTask DisposeAsync() => await _log.DisposeAsync();

    [Fact]
    public async Task a_clean_log_has_no_violations()
    {
        await WriteAsync(Acknowledged(Commit(0, 1, 2)), Acknowledged(Commit(3)));

        var report = await VerifyAsync(StrategyGuarantees.All);

        Assert.Empty(report.Violations);
        Assert.Equal(4, report.ExpectedEvents);
        Assert.Equal(4, report.FoundEvents);
    }

    [Fact]
    public async Task an_acknowledged_commit_missing_from_the_log_is_lost_events()
    {
        await WriteAsync(Acknowledged(Commit(0)));
        _ledger.Record(new LedgerEntry(Guid.NewGuid(), 3, LedgerOutcome.Acknowledged, [1, 2, 3], null));

        var report = await VerifyAsync(ClaimsNothing);

        AssertSingle(report, ViolationKind.LostEvents, ViolationSeverity.Failure);
        Assert.Equal(4, report.ExpectedEvents);
        Assert.Equal(1, report.FoundEvents);
    }

    [Fact]
    public async Task a_commit_with_some_of_its_events_is_partial_and_fails_only_a_strategy_that_claims_atomicity()
    {
        var commit = Commit(0, 1, 2);
        await WriteAsync(commit.Take(2).ToArray());
        _ledger.Record(new LedgerEntry(commit[0].CommitId, 3, LedgerOutcome.Failed, null, "connection lost"));

        AssertSingle(await VerifyAsync(StrategyGuarantees.All), ViolationKind.PartialCommit, ViolationSeverity.Failure);
        AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.PartialCommit, ViolationSeverity.KnownWeakness);
    }

    [Fact]
    public async Task events_of_a_commit_the_ledger_does_not_know_are_unexpected()
    {
        await WriteAsync(Acknowledged(Commit(0)));
        await WriteAsync(Commit(1, 2));

        AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.UnexpectedEvents, ViolationSeverity.Failure);
    }

    [Fact]
    public async Task a_commit_written_twice_has_more_events_than_it_had_and_is_named_as_unexpected()
    {
        var commit = Commit(0);
        await WriteAsync(Acknowledged(commit), [commit[0] with { SequenceNumber = 1 }]);

        var report = await VerifyAsync(ClaimsNothing);

        // It also stands at numbers it was not acknowledged at.
        Assert.False(report.Passed);
        Assert.Equal([ViolationKind.UnexpectedEvents, ViolationKind.AcknowledgementMismatch], report.Violations.Select(v => v.Kind));
        Assert.Contains("(1 events, acknowledged) has 2 events in the log", report.Violations[0].Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_commit_told_failed_that_is_in_the_log_is_named()
    {
        var commit = Commit(0);
        await WriteAsync(commit);
        _ledger.Record(new LedgerEntry(commit[0].CommitId, 1, LedgerOutcome.Failed, null, "retries exhausted"));

        var violation = AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.FailedCommitWritten, ViolationSeverity.Failure);
        Assert.Contains("its caller was told it failed (retries exhausted)", violation.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task commits_told_failed_and_absent_from_the_log_are_counted_as_checked()
    {
        await WriteAsync(Acknowledged(Commit(0)));
        _ledger.Record(new LedgerEntry(Guid.NewGuid(), 2, LedgerOutcome.Failed, null, "retries stopped"));
        _ledger.Record(new LedgerEntry(Guid.NewGuid(), 1, LedgerOutcome.Failed, null, "retries stopped"));

        var report = await VerifyAsync(StrategyGuarantees.All);

        Assert.Empty(report.Violations);
        Assert.Equal(2, report.FailedCommitsChecked);
    }

    [Fact]
    public async Task a_conflicting_commit_that_left_events_is_named()
    {
        var commit = Commit(0);
        await WriteAsync(commit);
        _ledger.Record(new LedgerEntry(commit[0].CommitId, 1, LedgerOutcome.Conflict, null, null));

        AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.ConflictWroteEvents, ViolationSeverity.Failure);
    }

    [Fact]
    public async Task events_at_other_numbers_than_acknowledged_are_an_acknowledgement_mismatch()
    {
        var commit = Commit(0, 1);
        await WriteAsync(commit);
        _ledger.Record(new LedgerEntry(commit[0].CommitId, 2, LedgerOutcome.Acknowledged, [7, 8], null));

        var violation = AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.AcknowledgementMismatch, ViolationSeverity.Failure);
        Assert.Contains("acknowledged at 7..8 but is at 0..1", violation.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public void two_events_with_one_sequence_number_are_a_duplicate()
    {
        // The database's key on the sequence number makes this impossible to write, so the verifier is fed the
        // snapshot it would have read.
        var first = Commit(0);
        var second = Commit(0);
        _ledger.Record(new LedgerEntry(first[0].CommitId, 1, LedgerOutcome.Acknowledged, [0], null));
        _ledger.Record(new LedgerEntry(second[0].CommitId, 1, LedgerOutcome.Acknowledged, [0], null));

        var report = EventLogVerifier.Verify(new EventLogSnapshot<StoredEvent>([.. first, .. second], []), _ledger.Entries, ClaimsNothing);

        AssertSingle(report, ViolationKind.DuplicateSequenceNumber, ViolationSeverity.Failure);
    }

    [Fact]
    public async Task missing_sequence_numbers_are_a_gap_that_fails_only_a_strategy_claiming_a_gap_free_sequence()
    {
        await WriteAsync(Acknowledged(Commit(0, 1)), Acknowledged(Commit(5)));

        var violation = AssertSingle(await VerifyAsync(StrategyGuarantees.All), ViolationKind.SequenceGap, ViolationSeverity.Failure);
        Assert.Contains("2..4", violation.Detail, StringComparison.Ordinal);
        AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.SequenceGap, ViolationSeverity.KnownWeakness);
    }

    [Fact]
    public async Task a_commit_spread_around_another_is_non_contiguous()
    {
        var spread = Commit(0, 2);
        await WriteAsync(Acknowledged(spread), Acknowledged(Commit(1)));

        AssertSingle(await VerifyAsync(StrategyGuarantees.All), ViolationKind.NonContiguousCommit, ViolationSeverity.Failure);
        AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.NonContiguousCommit, ViolationSeverity.KnownWeakness);
    }

    [Fact]
    public async Task an_aggregate_version_that_repeats_along_the_log_is_named()
    {
        var aggregate = new AggregateKey("order-1", "Order");
        await WriteAsync(Acknowledged(AggregateCommit(aggregate, 0, 1)), Acknowledged(AggregateCommit(aggregate, 1, 1)));
        await AdvanceAsync(aggregate, 1);

        AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.AggregateVersionRepeated, ViolationSeverity.Failure);
    }

    [Fact]
    public async Task an_aggregate_version_that_jumps_along_the_log_is_named()
    {
        var aggregate = new AggregateKey("order-1", "Order");
        await WriteAsync(Acknowledged(AggregateCommit(aggregate, 0, 1)), Acknowledged(AggregateCommit(aggregate, 1, 3)));
        await AdvanceAsync(aggregate, 3);

        AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.AggregateVersionSkipped, ViolationSeverity.Failure);
    }

    [Fact]
    public async Task an_aggregate_stored_at_another_version_than_its_events_is_a_row_mismatch()
    {
        var aggregate = new AggregateKey("order-1", "Order");
        await WriteAsync(Acknowledged(AggregateCommit(aggregate, 0, 1, 2)));
        await AdvanceAsync(aggregate, 5);

        var violation = AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.AggregateRowMismatch, ViolationSeverity.Failure);
        Assert.Contains("stored at version 5 but its events reach version 2", violation.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_log_written_as_committed_is_clean_event_for_event_though_the_store_renders_payloads_its_own_way()
    {
        // jsonb reorders the payload's keys and respaces it; the content check must see the same document.
        var aggregate = new AggregateKey("order-1", "Order");
        var plain = Request(3);
        var forAggregate = CommitRequest.ForAggregate(aggregate, 0, Sample.Create(aggregate.EventSource, 2));
        await WriteAsync(Acknowledged(plain, plain.Stamp(0)), Acknowledged(forAggregate, forAggregate.Stamp(3), aggregateVersion: 2));
        await AdvanceAsync(aggregate, 2);

        var report = await VerifyAsync(StrategyGuarantees.All);

        Assert.Empty(report.Violations);
        Assert.Equal(1, report.ExpectedVersionsChecked);
    }

    [Fact]
    public async Task two_acknowledged_commits_that_expected_one_version_of_an_aggregate_are_named_though_the_log_reads_consistently()
    {
        // A check that let the second commit through against version 1 and stamped it on from there: the log's
        // versions go 1, 2 and the row agrees, but the second commit was decided on an aggregate it never saw.
        var aggregate = new AggregateKey("order-1", "Order");
        var first = CommitRequest.ForAggregate(aggregate, 0, Sample.Create(aggregate.EventSource, 1));
        var second = CommitRequest.ForAggregate(aggregate, 0, Sample.Create(aggregate.EventSource, 1));
        await WriteAsync(Acknowledged(first, first.Stamp(0), aggregateVersion: 1), Acknowledged(second, [second.Stamp(1)[0] with { AggregateVersion = 2 }], aggregateVersion: 2));
        await AdvanceAsync(aggregate, 2);

        var report = await VerifyAsync(ClaimsNothing);

        Assert.False(report.Passed);
        Assert.Equal(2, report.ExpectedVersionsChecked);
        var notHeld = Assert.Single(report.Violations, v => v.Kind == ViolationKind.ExpectedVersionNotHeld);
        Assert.Contains($"commit {second.CommitId} expected aggregate {aggregate} at version 0 but its first event is at version 2", notHeld.Detail, StringComparison.Ordinal);
        var shared = Assert.Single(report.Violations, v => v.Kind == ViolationKind.ExpectedVersionShared);
        Assert.Equal(ViolationSeverity.Failure, shared.Severity);
        Assert.Contains($"2 acknowledged commits expected aggregate {aggregate} at version 0", shared.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task payloads_swapped_between_two_commits_are_altered_events_naming_whose_payload_each_holds()
    {
        var first = Request(1);
        var second = Request(1);
        StoredEvent[] firstInLog = [first.Stamp(0)[0] with { Payload = second.Events[0].Payload }];
        StoredEvent[] secondInLog = [second.Stamp(1)[0] with { Payload = first.Events[0].Payload }];
        await WriteAsync(Acknowledged(first, firstInLog), Acknowledged(second, secondInLog));

        var report = await VerifyAsync(StrategyGuarantees.All);

        Assert.Equal(2, report.Violations.Count);
        Assert.All(report.Violations, v => Assert.Equal(ViolationKind.AlteredEvent, v.Kind));
        Assert.Contains(report.Violations, v => v.Detail.Contains($"commit {first.CommitId}", StringComparison.Ordinal)
            && v.Detail.Contains($"another payload; its payload is that of event 0 of commit {second.CommitId}", StringComparison.Ordinal));
        Assert.False(report.Passed);
    }

    [Fact]
    public async Task a_commit_whose_events_are_reversed_in_the_log_is_reordered()
    {
        var commit = Request(3);
        var stamped = commit.Stamp(0);
        await WriteAsync(Acknowledged(commit, [.. stamped.Select((e, i) => stamped[^(i + 1)] with { SequenceNumber = i })]));

        var violation = AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.ReorderedEvents, ViolationSeverity.Failure);
        Assert.Contains("the log has its events 2, 1, 0 at 0..2", violation.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task an_event_stored_with_another_type_is_altered()
    {
        var commit = Request(2);
        var stamped = commit.Stamp(0);
        await WriteAsync(Acknowledged(commit, [stamped[0], stamped[1] with { EventType = "OrderCancelled" }]));

        var violation = AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.AlteredEvent, ViolationSeverity.Failure);
        Assert.Contains("event 1 (sequence number 1) has type 'OrderCancelled' (committed 'OrderLineAdded')", violation.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task an_aggregate_version_acknowledged_other_than_the_log_holds_is_an_acknowledgement_mismatch()
    {
        var aggregate = new AggregateKey("order-1", "Order");
        var commit = CommitRequest.ForAggregate(aggregate, 0, Sample.Create(aggregate.EventSource, 2));
        await WriteAsync(Acknowledged(commit, commit.Stamp(0), aggregateVersion: 3));
        await AdvanceAsync(aggregate, 2);

        var violation = AssertSingle(await VerifyAsync(ClaimsNothing), ViolationKind.AcknowledgementMismatch, ViolationSeverity.Failure);
        Assert.Contains("acknowledged at aggregate version 3 but its events reach version 2", violation.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_counter_moved_past_the_log_is_drift_for_a_strategy_numbering_from_it_and_nothing_for_one_that_does_not()
    {
        await WriteAsync(Acknowledged(Commit(0, 1)));
        await using (var transaction = await _log.BeginTransactionAsync(CancellationToken.None))
        {
            // Numbers 0..1 taken as the log's own, then two more taken and never written.
            await transaction.ReserveSequenceNumbersAsync(4, CancellationToken.None);
            await transaction.CommitAsync(CancellationToken.None);
        }

        var violation = AssertSingle(await VerifyAsync(StrategyGuarantees.All with { CounterAtLogEnd = true }), ViolationKind.CounterDrift, ViolationSeverity.Failure);
        Assert.Contains("stands at 4, 2 past the log's end (2)", violation.Detail, StringComparison.Ordinal);
        Assert.Empty((await VerifyAsync(StrategyGuarantees.All)).Violations);
    }

    [Fact]
    public void a_counter_behind_the_log_is_drift_that_says_the_next_commit_collides()
    {
        var commit = Commit(0, 1, 2);
        _ledger.Record(new LedgerEntry(commit[0].CommitId, 3, LedgerOutcome.Acknowledged, [0, 1, 2], null));

        var report = EventLogVerifier.Verify(new EventLogSnapshot<StoredEvent>(commit, [], CounterNext: 1), _ledger.Entries, StrategyGuarantees.All with { CounterAtLogEnd = true });

        var violation = AssertSingle(report, ViolationKind.CounterDrift, ViolationSeverity.Failure);
        Assert.Contains("behind the log's end (3)", violation.Detail, StringComparison.Ordinal);
    }

    private static Violation AssertSingle(VerificationReport report, ViolationKind kind, ViolationSeverity severity)
    {
        var violation = Assert.Single(report.Violations);
        Assert.Equal(kind, violation.Kind);
        Assert.Equal(severity, violation.Severity);
        Assert.Equal(severity != ViolationSeverity.Failure, report.Passed);
        Assert.Contains(kind.ToString(), report.ToString(), StringComparison.Ordinal);
        return violation;
    }

    private static StoredEvent[] Commit(params long[] sequenceNumbers)
    {
        var commitId = Guid.NewGuid();
        return [.. sequenceNumbers.Select(n => new StoredEvent(n, "source", "Happened", null, null, commitId, [], "{}"))];
    }

    private static StoredEvent[] AggregateCommit(AggregateKey aggregate, long firstSequenceNumber, params long[] versions)
    {
        var commitId = Guid.NewGuid();
        return [.. versions.Select((v, i) => new StoredEvent(firstSequenceNumber + i, aggregate.EventSource, "Happened", aggregate.AggregateType, v, commitId, [], "{}"))];
    }

    private static CommitRequest Request(int events) => CommitRequest.ForEvents(Sample.Create(events));

    /// <summary>Records <paramref name="request"/> as its caller would have seen it acknowledged, and returns what to write into the log for it.</summary>
    private StoredEvent[] Acknowledged(CommitRequest request, StoredEvent[] inLog, long? aggregateVersion = null)
    {
        _ledger.Record(CommitOutcome.Committed(request, new CommitResult(request.CommitId, [.. request.Stamp(inLog[0].SequenceNumber).Select(e => e.SequenceNumber)], aggregateVersion)));
        return inLog;
    }

    private StoredEvent[] Acknowledged(StoredEvent[] commit)
    {
        _ledger.Record(new LedgerEntry(commit[0].CommitId, commit.Length, LedgerOutcome.Acknowledged, [.. commit.Select(e => e.SequenceNumber)], null));
        return commit;
    }

    private async Task WriteAsync(params StoredEvent[][] commits)
    {
        await using var session = await _log.OpenAutoCommitSessionAsync(CancellationToken.None);
        foreach (var e in commits.SelectMany(c => c))
        {
            await session.InsertEventAsync(e, CancellationToken.None);
        }
    }

    private async Task AdvanceAsync(AggregateKey aggregate, long version)
    {
        await using var session = await _log.OpenAutoCommitSessionAsync(CancellationToken.None);
        Assert.True((await session.TryAdvanceAggregateVersionAsync(aggregate, 0, version, CancellationToken.None)).Advanced);
    }

    private Task<VerificationReport> VerifyAsync(StrategyGuarantees claimed) => EventLogVerifier.VerifyAsync(_log, _ledger, claimed, CancellationToken.None);
}
