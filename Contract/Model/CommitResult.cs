namespace EventCommitLab.Contract.Model;

/// <summary>What an acknowledged commit got: the sequence numbers of its events, in order, and the aggregate's new version.</summary>
public sealed record CommitResult(Guid CommitId, IReadOnlyList<long> SequenceNumbers, long? AggregateVersion);
