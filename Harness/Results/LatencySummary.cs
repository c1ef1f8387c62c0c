namespace EventCommitLab.Harness.Results;

/// <summary>Percentiles of the measured commits' (or groups') latencies, from an HDR histogram of the measured rounds only.</summary>
public sealed record LatencySummary(long Count, double P50Ms, double P90Ms, double P99Ms, double MaxMs);
