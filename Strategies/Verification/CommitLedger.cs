using System.Collections.Concurrent;
using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;

namespace EventCommitLab.Strategies.Verification;

/// <summary>
/// The caller's record of every commit it made and what it was told, kept outside the strategy. The verifier holds
/// the database to it. Safe to record into from many threads.
/// </summary>
public sealed class CommitLedger
{
    private readonly ConcurrentQueue<LedgerEntry> _entries = new();

    public IReadOnlyList<LedgerEntry> Entries => [.. _entries];

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

    public void Record(CommitOutcome outcome)
    {
        ArgumentNullException.ThrowIfNull(outcome);
        var request = outcome.Request;
        _entries.Enqueue(outcome switch
        {
            { Result: { } result } => new LedgerEntry(request.CommitId, request.Events.Count, LedgerOutcome.Acknowledged, result.SequenceNumbers, null),
            { Failure: ConcurrencyConflictException } => new LedgerEntry(request.CommitId, request.Events.Count, LedgerOutcome.Conflict, null, null),
            _ => new LedgerEntry(request.CommitId, request.Events.Count, LedgerOutcome.Failed, null, outcome.Failure?.Message),
        });
    }

    /// <summary>Records an entry as it is, e.g. for events written into the log before a run.</summary>
    public void Record(LedgerEntry entry)
    {
        ArgumentNullException.ThrowIfNull(entry);
        _entries.Enqueue(entry);
    }
}
