using EventCommitLab.Contract.Port;

namespace EventCommitLab.Contract.Model;

/// <summary>
/// The rule a store's batch write relies on: an aggregate twice in one batch only as a chain (the later commit expects
/// the version the earlier one produces; the store checks a chain's commits in order), and no condition matching an
/// earlier commit's events (<see cref="BatchRivals"/>); any other such commit goes in the next batch, where it is
/// checked against what the first left. And batchers keep each batch within the store's limits.
/// </summary>
public static class CommitBatch
{
    /// <exception cref="ArgumentException">The batch is empty, or a commit of it may not share it with an earlier one (<see cref="BatchRivals"/>).</exception>
    public static void EnsureWritable(IReadOnlyList<CommitRequest> batch)
    {
        ArgumentNullException.ThrowIfNull(batch);
        if (batch.Count == 0)
        {
            throw new ArgumentException("A batch needs at least one commit; this one has none.", nameof(batch));
        }

        var rivals = new BatchRivals();
        foreach (var request in batch)
        {
            if (rivals.WhyNotWith(request) is { } why)
            {
                throw new ArgumentException($"{why}; split the batch before that commit.", nameof(batch));
            }

            rivals.Add(request);
        }
    }

    /// <summary>Whether every commit of the batch is plain (no aggregate, no condition): what a batch numbered by its writer holds.</summary>
    public static bool IsPlain(IReadOnlyList<CommitRequest> batch)
    {
        ArgumentNullException.ThrowIfNull(batch);
        return batch.All(r => r.Aggregate is null && r.Condition is null);
    }

    /// <summary>Refuses a batch that <c>IEventStore.WriteBatchFromAsync</c> cannot number: empty, or holding an aggregate or conditional commit.</summary>
    /// <exception cref="ArgumentException">The batch is empty or not plain.</exception>
    public static void EnsureNumberable(IReadOnlyList<CommitRequest> batch)
    {
        EnsureWritable(batch);
        if (!IsPlain(batch))
        {
            throw new ArgumentException("A batch numbered by its writer holds plain commits only; this one has an aggregate or conditional commit.", nameof(batch));
        }
    }

    /// <summary>Refuses a batch that <c>IEventStore.WriteBatchNumberedByServerAsync</c> cannot write: one <see cref="EnsureWritable"/> refuses, or one holding a conditional commit.</summary>
    public static void EnsureServerNumberable(IReadOnlyList<CommitRequest> batch)
    {
        EnsureWritable(batch);
        if (batch.FirstOrDefault(r => r.Condition is not null) is { } conditional)
        {
            throw new ArgumentException(
                $"A batch numbered by the server's sequence holds no conditional commit (nothing orders it against the commits its condition must see); commit {conditional.CommitId} is one.",
                nameof(batch));
        }
    }

    /// <summary>
    /// Cuts the batch, in order, before every commit that may not share the current part with an earlier one
    /// (<see cref="BatchRivals"/>) and before every commit that would take the part past the store's limits (a commit
    /// beyond them alone is a part of its own).
    /// </summary>
    public static IReadOnlyList<IReadOnlyList<CommitRequest>> Split(IReadOnlyList<CommitRequest> batch, StoreBatchLimits limits)
    {
        ArgumentNullException.ThrowIfNull(batch);
        ArgumentNullException.ThrowIfNull(limits);
        var parts = new List<IReadOnlyList<CommitRequest>>();
        var part = new List<CommitRequest>(batch.Count);
        var rivals = new BatchRivals();
        var (events, bytes) = (0L, 0L);
        foreach (var request in batch)
        {
            if (part.Count > 0 && (events + request.Events.Count > limits.MaxEvents || bytes + request.Bytes > limits.MaxBytes || rivals.WhyNotWith(request) is not null))
            {
                parts.Add(part);
                part = [];
                rivals = new BatchRivals();
                (events, bytes) = (0, 0);
            }

            part.Add(request);
            (events, bytes) = (events + request.Events.Count, bytes + request.Bytes);
            rivals.Add(request);
        }

        if (part.Count > 0)
        {
            parts.Add(part);
        }

        return parts;
    }
}
