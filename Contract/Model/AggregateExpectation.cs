namespace EventCommitLab.Contract.Model;

/// <summary>The aggregate a commit writes to and the version the caller expects it to be at (0: not created yet).</summary>
public sealed record AggregateExpectation(AggregateKey Aggregate, long ExpectedVersion);
