namespace EventCommitLab.Strategies.Contract;

/// <summary>The counters at one moment; subtract two to get what happened between them.</summary>
public sealed record CommitCountersSnapshot(long Retries, long Conflicts, long Batches)
{
    public static CommitCountersSnapshot operator -(CommitCountersSnapshot after, CommitCountersSnapshot before) =>
        new(after.Retries - before.Retries, after.Conflicts - before.Conflicts, after.Batches - before.Batches);
}
