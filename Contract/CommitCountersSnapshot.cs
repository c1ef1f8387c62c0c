namespace EventCommitLab.Contract;

/// <summary>The counters at one moment; subtract two to get what happened between them.</summary>
/// <param name="CommitsInBatches">Commits written by the batches counted in <paramref name="Batches"/>.</param>
/// <param name="BatchSizeBuckets">Batches by size: bucket i holds batches of 2^i to 2^(i+1) - 1 commits.</param>
/// <param name="QueueWaitTicks">Stopwatch ticks the batches' commits waited in a queue, summed over the commits.</param>
/// <param name="WriteTicks">Stopwatch ticks from sending each batch to its answer, summed over the batches.</param>
/// <param name="InFlightSum">Batches in flight when each batch was sent (itself included), summed over the batches.</param>
public sealed record CommitCountersSnapshot(
    long Retries, long Conflicts, long Batches, long CommitsInBatches, IReadOnlyList<long> BatchSizeBuckets, long QueueWaitTicks = 0, long WriteTicks = 0, long InFlightSum = 0)
{
    public static CommitCountersSnapshot Zero { get; } = new(0, 0, 0, 0, new long[CommitCounters.BatchSizeBuckets]);

    public static CommitCountersSnapshot operator -(CommitCountersSnapshot after, CommitCountersSnapshot before)
    {
        ArgumentNullException.ThrowIfNull(after);
        ArgumentNullException.ThrowIfNull(before);
        return new(
            after.Retries - before.Retries, after.Conflicts - before.Conflicts, after.Batches - before.Batches, after.CommitsInBatches - before.CommitsInBatches,
            [.. after.BatchSizeBuckets.Select((b, i) => b - (i < before.BatchSizeBuckets.Count ? before.BatchSizeBuckets[i] : 0))],
            after.QueueWaitTicks - before.QueueWaitTicks, after.WriteTicks - before.WriteTicks, after.InFlightSum - before.InFlightSum);
    }

    public static CommitCountersSnapshot operator +(CommitCountersSnapshot left, CommitCountersSnapshot right)
    {
        ArgumentNullException.ThrowIfNull(left);
        ArgumentNullException.ThrowIfNull(right);
        return new(
            left.Retries + right.Retries, left.Conflicts + right.Conflicts, left.Batches + right.Batches, left.CommitsInBatches + right.CommitsInBatches,
            [.. left.BatchSizeBuckets.Select((b, i) => b + (i < right.BatchSizeBuckets.Count ? right.BatchSizeBuckets[i] : 0))],
            left.QueueWaitTicks + right.QueueWaitTicks, left.WriteTicks + right.WriteTicks, left.InFlightSum + right.InFlightSum);
    }
}
