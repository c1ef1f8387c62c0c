namespace EventCommitLab.Strategies.Port;

/// <summary>What the store did with one commit of a batch: written from a first sequence number, or left out by its aggregate check.</summary>
/// <param name="FirstSequenceNumber">The first number of the commit's range when it was written; null when it was left out.</param>
/// <param name="ActualAggregateVersion">When left out: the version the store holds (0 when the aggregate does not exist), if known.</param>
public sealed record BatchCommitAnswer(long? FirstSequenceNumber, long? ActualAggregateVersion)
{
    public bool Written => FirstSequenceNumber is not null;

    public static BatchCommitAnswer WrittenFrom(long firstSequenceNumber) => new(firstSequenceNumber, null);

    public static BatchCommitAnswer LeftOut(long? actualAggregateVersion) => new(null, actualAggregateVersion);
}
