using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Reads;

/// <summary>One workload at one reader (or appender) count, over the rounds.</summary>
/// <param name="EventsPerSecondByRound">Each round's events/s, in round order: the with/without-background ratios are paired by round.</param>
/// <param name="Background">The background load's own rate (writers' appends/s, readers' events/s), when there was one.</param>
/// <param name="FastestReader">The fastest single reader's events/s over its whole read (the throttled rows' bound check).</param>
public sealed record ReadsCellResult(
    ReadsWorkload Workload,
    int Clients,
    Interval OperationsPerSecond,
    Interval EventsPerSecond,
    IReadOnlyList<double> EventsPerSecondByRound,
    LatencySummary? Latency,
    double AllocatedBytesPerOperation,
    Interval? Background,
    double? FastestReader);
