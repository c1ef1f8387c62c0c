namespace EventCommitLab.Contract;

/// <summary>Thread-safe counts of what a strategy did, for the harness to report per commit and per batch.</summary>
public sealed class CommitCounters
{
    /// <summary>Batch sizes are counted in powers of two: bucket i holds batches of 2^i to 2^(i+1) - 1 commits.</summary>
    public const int BatchSizeBuckets = 20;

    private readonly long[] _batchSizes = new long[BatchSizeBuckets];
    private long _retries;
    private long _conflicts;
    private long _batches;
    private long _commitsInBatches;
    private long _lostAnswersWritten;
    private long _lostAnswersNotWritten;
    private long _queueWaitTicks;
    private long _writeTicks;
    private long _inFlightSum;

    /// <summary>Attempts repeated after a transient failure, and batches the pipeline numbered that the store refused and then numbered itself.</summary>
    public long Retries => Interlocked.Read(ref _retries);

    /// <summary>Commits rejected because the aggregate was at another version.</summary>
    public long Conflicts => Interlocked.Read(ref _conflicts);

    /// <summary>Transactions written by a batching strategy (each holds one or more commits).</summary>
    public long Batches => Interlocked.Read(ref _batches);

    /// <summary>Writes whose answer was lost and that the log showed had landed: acknowledged, not written again.</summary>
    public long LostAnswersWritten => Interlocked.Read(ref _lostAnswersWritten);

    /// <summary>Writes whose answer was lost and that the log showed had not landed: tried again.</summary>
    public long LostAnswersNotWritten => Interlocked.Read(ref _lostAnswersNotWritten);

    public CommitCountersSnapshot Snapshot() =>
        new(Retries, Conflicts, Batches, Interlocked.Read(ref _commitsInBatches), [.. _batchSizes.Select((_, i) => Interlocked.Read(ref _batchSizes[i]))],
            Interlocked.Read(ref _queueWaitTicks), Interlocked.Read(ref _writeTicks), Interlocked.Read(ref _inFlightSum));

    internal void AddRetry() => Interlocked.Increment(ref _retries);

    internal void AddConflict() => Interlocked.Increment(ref _conflicts);

    internal void AddLostAnswer(bool written) => Interlocked.Increment(ref written ? ref _lostAnswersWritten : ref _lostAnswersNotWritten);

    /// <param name="queueWaitTicks">Stopwatch ticks the batch's commits waited in the queue, summed over them (0 when nothing queues).</param>
    /// <param name="writeTicks">Stopwatch ticks from sending the batch to its answer, retries included.</param>
    /// <param name="inFlight">Batches sent and unanswered when this one was sent, itself included.</param>
    internal void AddBatch(int commits, long queueWaitTicks = 0, long writeTicks = 0, int inFlight = 1)
    {
        Interlocked.Add(ref _queueWaitTicks, queueWaitTicks);
        Interlocked.Add(ref _writeTicks, writeTicks);
        Interlocked.Add(ref _inFlightSum, inFlight);
        Interlocked.Increment(ref _batches);
        Interlocked.Add(ref _commitsInBatches, commits);
        Interlocked.Increment(ref _batchSizes[Math.Min(BatchSizeBuckets - 1, System.Numerics.BitOperations.Log2((uint)Math.Max(1, commits)))]);
    }
}
