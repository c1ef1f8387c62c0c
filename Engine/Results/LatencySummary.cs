namespace EventCommitLab.Engine.Results;

/// <summary>Percentiles of the measured commits' (or groups') latencies, from an HDR histogram of the measured rounds only.</summary>
/// <param name="P95Ms">Null in runs recorded before the lab kept it.</param>
public sealed record LatencySummary(long Count, double P50Ms, double P90Ms, double? P95Ms, double P99Ms, double MaxMs);
