using EventCommitLab.Strategies.Model;

namespace EventCommitLab.Strategies.Port;

/// <summary>
/// A batch written with the session's single operations, for a store with no native batch write: each aggregate check
/// is its own round trip, then one reservation and one insert. The caller commits the transaction.
/// </summary>
public static class ComposedBatchWrite
{
    public static async Task<IReadOnlyList<BatchCommitAnswer>> WriteAsync(IStoreSession transaction, IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        CommitBatch.EnsureWritable(batch);
        var answers = new BatchCommitAnswer[batch.Count];

        // Aggregate checks first: only commits that pass take sequence numbers, so one left out leaves no gap.
        var eventCount = 0;
        for (var i = 0; i < batch.Count; i++)
        {
            if (batch[i].Aggregate is { } expectation)
            {
                var check = await transaction.TryAdvanceAggregateVersionAsync(
                    expectation.Aggregate, expectation.ExpectedVersion, batch[i].NextAggregateVersion!.Value, cancellationToken).ConfigureAwait(false);
                if (!check.Advanced)
                {
                    answers[i] = BatchCommitAnswer.LeftOut(check.ActualVersion);
                    continue;
                }
            }

            eventCount += batch[i].Events.Count;
        }

        if (eventCount == 0)
        {
            return answers;
        }

        var next = await transaction.ReserveSequenceNumbersAsync(eventCount, cancellationToken).ConfigureAwait(false);
        var events = new List<StoredEvent>(eventCount);
        for (var i = 0; i < batch.Count; i++)
        {
            if (answers[i] is null)
            {
                answers[i] = BatchCommitAnswer.WrittenFrom(next);
                events.AddRange(batch[i].Stamp(next));
                next += batch[i].Events.Count;
            }
        }

        await transaction.InsertEventsAsync(events, cancellationToken).ConfigureAwait(false);
        return answers;
    }
}
