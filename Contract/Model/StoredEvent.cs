namespace EventCommitLab.Contract.Model;

/// <summary>An event as it stands in the event log.</summary>
/// <param name="SequenceNumber">Its position in the log, counted from 0.</param>
/// <param name="AggregateType">Set for aggregate events only.</param>
/// <param name="AggregateVersion">Set for aggregate events only: the aggregate's version after this event, from 1.</param>
/// <param name="CommitId">The commit that wrote it; every event of one commit carries the same id.</param>
public sealed record StoredEvent(
    long SequenceNumber,
    string EventSource,
    string EventType,
    string? AggregateType,
    long? AggregateVersion,
    Guid CommitId,
    IReadOnlyList<string> Tags,
    string Payload);
