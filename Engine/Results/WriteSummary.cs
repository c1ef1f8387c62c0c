namespace EventCommitLab.Engine.Results;

/// <summary>What one contender's writes were: its commits in the measured rounds, how long they took, how they were batched, and its log before and after.</summary>
/// <param name="Commits">Commits counted in the measured rounds.</param>
/// <param name="CommitLatency">Per-commit latency of the measured rounds; null for a contender handed whole groups.</param>
/// <param name="GroupLatency">For a contender handed whole groups (the simulated batcher, the ceiling): the time of each group.</param>
/// <param name="Batches">The batches a batching strategy wrote; null for one that does not batch.</param>
/// <param name="RetriesPerCommit">The strategy's own retries per commit (not the application's: see <see cref="ContentionSummary"/>); null for the ceiling.</param>
/// <param name="ConflictsPerCommit">The conflicts the strategy met per commit; null for the ceiling.</param>
/// <param name="LogSizeAtStart">Events in its log when it started.</param>
/// <param name="LogSizeAtEnd">Events in its log when it stopped.</param>
public sealed record WriteSummary(
    long Commits,
    LatencySummary? CommitLatency,
    LatencySummary? GroupLatency,
    BatchSizeSummary? Batches,
    double? RetriesPerCommit,
    double? ConflictsPerCommit,
    long LogSizeAtStart,
    long LogSizeAtEnd)
{
    /// <summary>Nothing written: a case the harness could not measure.</summary>
    public static WriteSummary None { get; } = new(0, null, null, null, null, null, 0, 0);
}
