using System.Collections.Concurrent;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;

namespace EventCommitLab.Verification;

/// <summary>
/// The caller's record of every commit it made, what it handed over and what it was told, kept outside the strategy.
/// The verifier holds the database to it. Safe to record into from many threads.
/// </summary>
/// <remarks>
/// Recording only queues the outcome: digesting the events' payloads costs about as much as a strategy's own client
/// work per event, so a harness calls <see cref="Settle"/> between its measured windows, where it costs nothing that is
/// measured and the queued requests are let go.
/// </remarks>
public sealed class CommitLedger
{
    private readonly ConcurrentQueue<CommitOutcome> _pending = new();
    private readonly ConcurrentQueue<LedgerEntry> _entries = new();

    /// <summary>Every entry, the queued outcomes settled first.</summary>
    public IReadOnlyList<LedgerEntry> Entries
    {
        get
        {
            Settle();
            return [.. _entries];
        }
    }

    /// <summary>Runs the commit, records its outcome and returns it; never throws for a failed commit.</summary>
    public async Task<CommitOutcome> RecordAsync(CommitRequest request, Func<CommitRequest, Task<CommitResult>> commit)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentNullException.ThrowIfNull(commit);
        CommitOutcome outcome;
        try
        {
            outcome = CommitOutcome.Committed(request, await commit(request).ConfigureAwait(false));
        }
        catch (Exception e)
        {
            outcome = CommitOutcome.Failed(request, e);
        }

        Record(outcome);
        return outcome;
    }

    /// <summary>Queues an outcome; its entry is made by the next <see cref="Settle"/>.</summary>
    public void Record(CommitOutcome outcome)
    {
        ArgumentNullException.ThrowIfNull(outcome);
        _pending.Enqueue(outcome);
    }

    /// <summary>Records an entry as it is, e.g. for events written into the log before a run.</summary>
    public void Record(LedgerEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        _entries.Enqueue(entry);
    }

    /// <summary>Turns the queued outcomes into entries, digesting their events.</summary>
    public void Settle()
    {
        while (_pending.TryDequeue(out var outcome))
        {
            _entries.Enqueue(EntryOf(outcome));
        }
    }

    private static LedgerEntry EntryOf(CommitOutcome outcome)
    {
        var request = outcome.Request;
        var events = EventFingerprint.Of(request);
        return outcome switch
        {
            { Result: { } result } => new LedgerEntry(
                request.CommitId, events.Length, LedgerOutcome.Acknowledged, result.SequenceNumbers, null, events, result.AggregateVersion, request.Aggregate),
            { Failure: ConcurrencyConflictException or AppendConditionFailedException } => new LedgerEntry(request.CommitId, events.Length, LedgerOutcome.Conflict, null, null, events),
            { Failure: CommitOutcomeUnknownException or OperationCanceledException } => new LedgerEntry(
                request.CommitId, events.Length, LedgerOutcome.Unknown, null, outcome.Failure.Message, events),
            _ => new LedgerEntry(request.CommitId, events.Length, LedgerOutcome.Failed, null, outcome.Failure?.Message, events),
        };
    }
}
