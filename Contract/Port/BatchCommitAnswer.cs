namespace EventCommitLab.Contract.Port;

/// <summary>What the store did with one commit of a batch: written from a first sequence number, or left out by its aggregate check or its condition.</summary>
/// <param name="FirstSequenceNumber">The first number of the commit's range when it was written; null when it was left out.</param>
/// <param name="ActualAggregateVersion">When left out by its aggregate check: the version the store holds (0 when the aggregate does not exist), if known.</param>
/// <param name="ConditionFailed">When left out: because the log holds an event matching its condition.</param>
public sealed record BatchCommitAnswer(long? FirstSequenceNumber, long? ActualAggregateVersion, bool ConditionFailed = false)
{
    /// <summary>
    /// The written commit's numbers, one per event in its order, where they need not run on from the first (a batch
    /// numbered by the server's sequence); null where they do.
    /// </summary>
    public IReadOnlyList<long>? SequenceNumbers { get; init; }

    public bool Written => FirstSequenceNumber is not null;

    public static BatchCommitAnswer WrittenFrom(long firstSequenceNumber) => new(firstSequenceNumber, null);

    /// <summary>Written with these numbers, one per event in the commit's order.</summary>
    public static BatchCommitAnswer WrittenAs(IReadOnlyList<long> sequenceNumbers)
    {
        ArgumentNullException.ThrowIfNull(sequenceNumbers);
        ArgumentOutOfRangeException.ThrowIfZero(sequenceNumbers.Count);
        return new(sequenceNumbers[0], null) { SequenceNumbers = sequenceNumbers };
    }

    public static BatchCommitAnswer LeftOut(long? actualAggregateVersion) => new(null, actualAggregateVersion);

    public static BatchCommitAnswer RefusedByCondition() => new(null, null, ConditionFailed: true);

    /// <summary>The numbers of a written commit of <paramref name="events"/> events, in its events' order.</summary>
    /// <exception cref="InvalidOperationException">The commit was left out.</exception>
    public IReadOnlyList<long> NumbersOf(int events)
    {
        var first = FirstSequenceNumber ?? throw new InvalidOperationException("A commit left out of its batch has no numbers.");
        return SequenceNumbers ?? [.. Enumerable.Range(0, events).Select(n => first + n)];
    }
}
