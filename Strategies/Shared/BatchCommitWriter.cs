using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Writes several commits as one transaction through the store's batch write: the group commit that the simulated
/// batcher and the pipeline share. A commit whose aggregate check or condition fails is left out alone; the others are written.
/// </summary>
internal static class BatchCommitWriter
{
    /// <summary>
    /// One attempt at the whole batch, whose aggregates must be distinct (<see cref="CommitBatch"/>): callers split a
    /// batch before retrying its parts, so a retry never repeats a part that was written. Throws when the transaction
    /// fails; a lost answer is settled from the log first.
    /// </summary>
    public static Task<IReadOnlyList<CommitOutcome>> WriteAsync(
        IEventStore store, CommitCounters counters, IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(store);
        return WriteAsync(store, counters, batch, store.WriteBatchAsync, cancellationToken);
    }

    /// <summary>
    /// <see cref="WriteAsync(IEventStore, CommitCounters, IReadOnlyList{CommitRequest}, CancellationToken)"/> numbered by
    /// the server's sequence instead of the counter, each event storing its transaction's id for readers below the
    /// transaction horizon (<see cref="IEventStore.WriteBatchNumberedByServerAsync"/>).
    /// </summary>
    public static Task<IReadOnlyList<CommitOutcome>> WriteNumberedByServerAsync(
        IEventStore store, CommitCounters counters, IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(store);
        return WriteAsync(store, counters, batch, (b, ct) => store.WriteBatchNumberedByServerAsync(b, recordTransaction: true, ct), cancellationToken);
    }

    private static async Task<IReadOnlyList<CommitOutcome>> WriteAsync(
        IEventStore store, CommitCounters counters, IReadOnlyList<CommitRequest> batch,
        Func<IReadOnlyList<CommitRequest>, CancellationToken, Task<IReadOnlyList<BatchCommitAnswer>>> write, CancellationToken cancellationToken)
    {
        IReadOnlyList<BatchCommitAnswer> answers;
        try
        {
            answers = await write(batch, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (store.Classify(e) == StoreErrorKind.OutcomeUnknown)
        {
            answers = await SettleFromLogAsync(store, counters, batch, e, cancellationToken).ConfigureAwait(false);
        }

        var outcomes = new CommitOutcome[batch.Count];
        for (var i = 0; i < batch.Count; i++)
        {
            var request = batch[i];
            outcomes[i] = answers[i] switch
            {
                { Written: true } written => CommitOutcome.Committed(
                    request, new CommitResult(request.CommitId, written.NumbersOf(request.Events.Count), request.NextAggregateVersion)),
                { ConditionFailed: true } => CommitOutcome.Failed(request, new AppendConditionFailedException(request.CommitId, request.Condition!)),
                var leftOut => CommitOutcome.Failed(request, new ConcurrencyConflictException(request.Aggregate!.Aggregate, request.Aggregate.ExpectedVersion, leftOut.ActualAggregateVersion)),
            };
        }

        return outcomes;
    }

    /// <summary>
    /// One transaction: any commit of it in the log means it landed, and then a commit that is not there was left out
    /// by its aggregate check (whose version is no longer known) or its condition. None there: nothing was written, the batch may be repeated.
    /// </summary>
    private static async Task<IReadOnlyList<BatchCommitAnswer>> SettleFromLogAsync(
        IEventStore store, CommitCounters counters, IReadOnlyList<CommitRequest> batch, Exception unknown, CancellationToken cancellationToken)
    {
        var found = await UnknownOutcome.ResolveAllAsync(store, counters, [.. batch.Select(r => r.CommitId)], unknown, cancellationToken).ConfigureAwait(false);
        var answers = batch.Select(r => found.TryGetValue(r.CommitId, out var numbers)
            ? BatchCommitAnswer.WrittenAs(numbers)
            : r.Condition is null ? BatchCommitAnswer.LeftOut(null) : BatchCommitAnswer.RefusedByCondition()).ToArray();
        var landed = found.Count > 0;
        if (!landed)
        {
            throw new WriteNotLandedException(unknown);
        }

        var missing = batch.Select((request, i) => (request, answers[i])).FirstOrDefault(p => p.request.Aggregate is null && p.request.Condition is null && !p.Item2.Written).request;
        return missing is null
            ? answers
            : throw new InvalidOperationException($"The store wrote part of a batch: commit {missing.CommitId}, which no check could leave out, is not in the log while others of its transaction are.");
    }
}
