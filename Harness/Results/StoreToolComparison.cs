using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Results;

/// <summary>The store's own tool writing the same rows as the ceiling of a sustained plain-commit cell (each statement one commit of NumberOfEvents events, ConcurrentBatches clients).</summary>
public sealed record StoreToolComparison(int NumberOfEvents, int ConcurrentBatches, StoreToolInsertRate Tool);
