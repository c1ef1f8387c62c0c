namespace EventCommitLab.Contract.Model;

/// <summary>An aggregate's row or document as the store keeps it: the version its last commit advanced it to.</summary>
public sealed record AggregateVersionRecord(AggregateKey Aggregate, long Version);
