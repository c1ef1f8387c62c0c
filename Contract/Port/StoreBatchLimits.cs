namespace EventCommitLab.Contract.Port;

/// <summary>
/// The largest batch a store writes in one <see cref="IEventStore.WriteBatchAsync"/>, from the database's own limits:
/// events in it, and bytes of its events' contents (<see cref="Model.CommitRequest.Bytes"/>). Batchers cut their
/// batches within them; a single commit beyond them is still handed over alone, for the store to accept or refuse.
/// </summary>
public sealed record StoreBatchLimits
{
    public StoreBatchLimits(int maxEvents, long maxBytes)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(maxEvents, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxBytes, 1);
        (MaxEvents, MaxBytes) = (maxEvents, maxBytes);
    }

    public int MaxEvents { get; }

    public long MaxBytes { get; }
}
