using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Writes a batch of plain commits with the numbers its writer forecast (<see cref="IEventStore.WriteBatchFromAsync"/>):
/// the pipeline's path when it knows where the counter stands.
/// </summary>
internal static class NumberedBatchWriter
{
    /// <summary>
    /// One attempt: each commit's outcome, numbered in batch order from <paramref name="numbers"/>' first; null when nothing was
    /// written (the store refused the numbers, or a lost answer's commits are not in the log, where they can no longer
    /// land), so the batch may go to the store to number.
    /// </summary>
    /// <exception cref="CommitOutcomeUnknownException">The answer was lost and the log could not be read either.</exception>
    public static async Task<IReadOnlyList<CommitOutcome>?> WriteAsync(
        IEventStore store, CommitCounters counters, IReadOnlyList<CommitRequest> batch, ForecastNumbers numbers, CancellationToken cancellationToken)
    {
        var first = numbers.First;
        try
        {
            if (!await store.WriteBatchFromAsync(batch, first, numbers.After, cancellationToken).ConfigureAwait(false))
            {
                return null;
            }
        }
        catch (Exception e) when (store.Classify(e) == StoreErrorKind.OutcomeUnknown)
        {
            var found = await UnknownOutcome.ResolveAllAsync(store, counters, [.. batch.Select(r => r.CommitId)], e, cancellationToken).ConfigureAwait(false);
            if (found.Count == 0)
            {
                return null;
            }

            // One transaction: all of it landed, with the numbers it was given.
            if (batch.FirstOrDefault(r => !found.ContainsKey(r.CommitId)) is { } missing)
            {
                throw new InvalidOperationException($"The store wrote part of a numbered batch: commit {missing.CommitId} is not in the log while others of its transaction are.");
            }
        }

        var outcomes = new CommitOutcome[batch.Count];
        for (var i = 0; i < batch.Count; i++)
        {
            var request = batch[i];
            var from = first;
            outcomes[i] = CommitOutcome.Committed(
                request, new CommitResult(request.CommitId, [.. Enumerable.Range(0, request.Events.Count).Select(n => from + n)], request.NextAggregateVersion));
            first += request.Events.Count;
        }

        return outcomes;
    }
}
