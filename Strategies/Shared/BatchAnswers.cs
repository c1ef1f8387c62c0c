using EventCommitLab.Strategies.Contract;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Answers every caller of one written batch from a single thread-pool work item: one hop per batch rather than one per
/// commit. The callers' completions run their continuations synchronously, so each caller goes on right here until its
/// next await (in a closed loop: until it has queued its next commit); being off the writer, a caller's slow
/// continuation delays only the callers answered after it, never the next batch's write.
/// </summary>
internal sealed class BatchAnswers : IThreadPoolWorkItem
{
    private readonly IReadOnlyList<PendingCommit> _batch;
    private readonly IReadOnlyList<CommitOutcome> _outcomes;

    private BatchAnswers(IReadOnlyList<PendingCommit> batch, IReadOnlyList<CommitOutcome> outcomes)
    {
        _batch = batch;
        _outcomes = outcomes;
    }

    /// <summary>Queues the answers of <paramref name="batch"/>, one outcome per commit in the batch's order.</summary>
    public static void Send(IReadOnlyList<PendingCommit> batch, IReadOnlyList<CommitOutcome> outcomes)
    {
        ArgumentOutOfRangeException.ThrowIfNotEqual(outcomes.Count, batch.Count);
        ThreadPool.UnsafeQueueUserWorkItem(new BatchAnswers(batch, outcomes), preferLocal: false);
    }

    public void Execute()
    {
        for (var i = 0; i < _batch.Count; i++)
        {
            if (_outcomes[i].Result is { } result)
            {
                _batch[i].Completion.TrySetResult(result);
            }
            else
            {
                _batch[i].Completion.TrySetException(_outcomes[i].Failure!);
            }
        }
    }
}
