namespace EventCommitLab.Strategies.Contract;

/// <summary>The counters at one moment; subtract two to get what happened between them.</summary>
/// <param name="CommitsInBatches">Commits written by the batches counted in <paramref name="Batches"/>.</param>
/// <param name="BatchSizeBuckets">Batches by size: bucket i holds batches of 2^i to 2^(i+1) - 1 commits.</param>
public sealed record CommitCountersSnapshot(long Retries, long Conflicts, long Batches, long CommitsInBatches, IReadOnlyList<long> BatchSizeBuckets)
{
    public static CommitCountersSnapshot Zero { get; } = new(0, 0, 0, 0, new long[CommitCounters.BatchSizeBuckets]);

    public static CommitCountersSnapshot operator -(CommitCountersSnapshot after, CommitCountersSnapshot before)
    {
        ArgumentNullException.ThrowIfNull(after);
        ArgumentNullException.ThrowIfNull(before);
        return new(
            after.Retries - before.Retries, after.Conflicts - before.Conflicts, after.Batches - before.Batches, after.CommitsInBatches - before.CommitsInBatches,
            [.. after.BatchSizeBuckets.Select((b, i) => b - (i < before.BatchSizeBuckets.Count ? before.BatchSizeBuckets[i] : 0))]);
    }

    public static CommitCountersSnapshot operator +(CommitCountersSnapshot left, CommitCountersSnapshot right)
    {
        ArgumentNullException.ThrowIfNull(left);
        ArgumentNullException.ThrowIfNull(right);
        return new(
            left.Retries + right.Retries, left.Conflicts + right.Conflicts, left.Batches + right.Batches, left.CommitsInBatches + right.CommitsInBatches,
            [.. left.BatchSizeBuckets.Select((b, i) => b + (i < right.BatchSizeBuckets.Count ? right.BatchSizeBuckets[i] : 0))]);
    }
}
