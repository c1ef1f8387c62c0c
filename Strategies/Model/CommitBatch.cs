namespace EventCommitLab.Strategies.Model;

/// <summary>
/// The rule a store's batch write relies on: no aggregate twice in one batch. Two commits of one aggregate checked in
/// one set-based statement could both pass against the same stored version; the second goes in the next batch, where
/// it is checked against the version the first left.
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

    /// <summary>Cuts the batch, in order, before every commit whose aggregate already has one in the current part.</summary>
    public static IReadOnlyList<IReadOnlyList<CommitRequest>> SplitAtRepeatedAggregates(IReadOnlyList<CommitRequest> batch)
    {
        ArgumentNullException.ThrowIfNull(batch);
        var parts = new List<IReadOnlyList<CommitRequest>>();
        var part = new List<CommitRequest>(batch.Count);
        var seen = new HashSet<AggregateKey>();
        foreach (var request in batch)
        {
            if (request.Aggregate is { } expectation && !seen.Add(expectation.Aggregate))
            {
                parts.Add(part);
                part = [];
                seen.Clear();
                seen.Add(expectation.Aggregate);
            }

            part.Add(request);
        }

        if (part.Count > 0)
        {
            parts.Add(part);
        }

        return parts;
    }
}
