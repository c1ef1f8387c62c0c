namespace EventCommitLab.Contract.Port;

/// <summary>What the store did with one commit of a batch: written from a first sequence number, or left out by its aggregate check or its condition.</summary>
/// <param name="FirstSequenceNumber">The first number of the commit's range when it was written; null when it was left out.</param>
/// <param name="ActualAggregateVersion">When left out by its aggregate check: the version the store holds (0 when the aggregate does not exist), if known.</param>
/// <param name="ConditionFailed">When left out: because the log holds an event matching its condition.</param>
public sealed record BatchCommitAnswer(long? FirstSequenceNumber, long? ActualAggregateVersion, bool ConditionFailed = false)
{
    public bool Written => FirstSequenceNumber is not null;

    public static BatchCommitAnswer WrittenFrom(long firstSequenceNumber) => new(firstSequenceNumber, null);

    public static BatchCommitAnswer LeftOut(long? actualAggregateVersion) => new(null, actualAggregateVersion);

    public static BatchCommitAnswer RefusedByCondition() => new(null, null, ConditionFailed: true);
}
