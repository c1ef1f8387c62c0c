using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Model;

/// <summary>
/// The rule a store's batch write relies on: no aggregate twice in one batch. Two commits of one aggregate checked in
/// one set-based statement could both pass against the same stored version; the second goes in the next batch, where
/// it is checked against the version the first left. And batchers keep each batch within the store's limits.
/// </summary>
public static class CommitBatch
{
    /// <exception cref="ArgumentException">The batch is empty or holds an aggregate twice.</exception>
    public static void EnsureWritable(IReadOnlyList<CommitRequest> batch)
    {
        ArgumentNullException.ThrowIfNull(batch);
        if (batch.Count == 0)
        {
            throw new ArgumentException("A batch needs at least one commit; this one has none.", nameof(batch));
        }

        var seen = new HashSet<AggregateKey>();
        foreach (var request in batch)
        {
            if (request.Aggregate is { } expectation && !seen.Add(expectation.Aggregate))
            {
                throw new ArgumentException($"Aggregate {expectation.Aggregate} has two commits in one batch; split the batch where it repeats.", nameof(batch));
            }
        }
    }

    /// <summary>
    /// Cuts the batch, in order, before every commit whose aggregate already has one in the current part and before
    /// every commit that would take the part past the store's limits (a commit beyond them alone is a part of its own).
    /// </summary>
    public static IReadOnlyList<IReadOnlyList<CommitRequest>> Split(IReadOnlyList<CommitRequest> batch, StoreBatchLimits limits)
    {
        ArgumentNullException.ThrowIfNull(batch);
        ArgumentNullException.ThrowIfNull(limits);
        var parts = new List<IReadOnlyList<CommitRequest>>();
        var part = new List<CommitRequest>(batch.Count);
        var seen = new HashSet<AggregateKey>();
        var (events, bytes) = (0L, 0L);
        foreach (var request in batch)
        {
            var repeats = request.Aggregate is { } expectation && seen.Contains(expectation.Aggregate);
            if (part.Count > 0 && (repeats || events + request.Events.Count > limits.MaxEvents || bytes + request.Bytes > limits.MaxBytes))
            {
                parts.Add(part);
                part = [];
                seen.Clear();
                (events, bytes) = (0, 0);
            }

            part.Add(request);
            (events, bytes) = (events + request.Events.Count, bytes + request.Bytes);
            if (request.Aggregate is { } added)
            {
                seen.Add(added.Aggregate);
            }
        }

        if (part.Count > 0)
        {
            parts.Add(part);
        }

        return parts;
    }
}
