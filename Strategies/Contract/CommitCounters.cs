namespace EventCommitLab.Strategies.Contract;

/// <summary>Thread-safe counts of what a strategy did, for the harness to report per wave.</summary>
public sealed class CommitCounters
{
    private long _retries;
    private long _conflicts;
    private long _batches;

    /// <summary>Attempts repeated after a transient failure.</summary>
    public long Retries => Interlocked.Read(ref _retries);

    /// <summary>Commits rejected because the aggregate was at another version.</summary>
    public long Conflicts => Interlocked.Read(ref _conflicts);

    /// <summary>Transactions written by a batching strategy (each holds one or more commits).</summary>
    public long Batches => Interlocked.Read(ref _batches);

    public CommitCountersSnapshot Snapshot() => new(Retries, Conflicts, Batches);

    internal void AddRetry() => Interlocked.Increment(ref _retries);

    internal void AddConflict() => Interlocked.Increment(ref _conflicts);

    internal void AddBatch() => Interlocked.Increment(ref _batches);
}
