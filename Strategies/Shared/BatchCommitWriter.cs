using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Writes several commits in one transaction with one insert: the group commit that the simulated batcher and the
/// pipeline share. A commit whose aggregate check fails is left out alone; the others are written.
/// </summary>
internal static class BatchCommitWriter
{
    /// <summary>One attempt at the whole batch. Throws when the transaction fails; the caller decides on retrying.</summary>
    public static async Task<IReadOnlyList<CommitOutcome>> WriteAsync(
        IEventStore store, CommitCounters counters, IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        var outcomes = new CommitOutcome[batch.Count];
        await using var transaction = await store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);

        // Aggregate checks first: only accepted commits take sequence numbers, so a rejected one leaves no gap.
        var accepted = new List<int>(batch.Count);
        var eventCount = 0;
        for (var i = 0; i < batch.Count; i++)
        {
            if (await AggregateVersionGuard.TryAdvanceAsync(transaction, batch[i], cancellationToken).ConfigureAwait(false) is { } conflict)
            {
                outcomes[i] = CommitOutcome.Failed(batch[i], conflict);
                continue;
            }

            accepted.Add(i);
            eventCount += batch[i].Events.Count;
        }

        if (eventCount > 0)
        {
            var next = await transaction.ReserveSequenceNumbersAsync(eventCount, cancellationToken).ConfigureAwait(false);
            var events = new List<StoredEvent>(eventCount);
            foreach (var i in accepted)
            {
                var stamped = batch[i].Stamp(next);
                next += stamped.Length;
                events.AddRange(stamped);
                outcomes[i] = CommitOutcome.Committed(batch[i], AggregateVersionGuard.Acknowledge(batch[i], stamped));
            }

            await transaction.InsertEventsAsync(events, cancellationToken).ConfigureAwait(false);
        }

        try
        {
            await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (store.Classify(e) == StoreErrorKind.OutcomeUnknown)
        {
            // One transaction: its first accepted commit in the log means all of them are, at the numbers stamped above.
            if (accepted.Count == 0)
            {
                throw new WriteNotLandedException(e);
            }

            _ = await UnknownOutcome.ResolveAsync(store, counters, batch[accepted[0]].CommitId, e, cancellationToken).ConfigureAwait(false);
        }

        return outcomes;
    }
}
