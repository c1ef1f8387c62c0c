using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>One appender in one cell: appends/s and events/s over the rounds (median, 95% interval), latency over all rounds, retried transactions and allocations per append.</summary>
/// <param name="OperationsPerSecondByRound">Each race round's appends/s, in round order, null where it had left its race: the ratios are paired by round.</param>
/// <param name="Exit">When and why it left its workload's race before the end; null when it raced to the end (and in runs from before the race).</param>
public sealed record DcbCellResult(
    string Size,
    int EventsPerAppend,
    DcbWorkload Workload,
    int Clients,
    string Appender,
    IReadOnlyList<double?> OperationsPerSecondByRound,
    Interval OperationsPerSecond,
    Interval EventsPerSecond,
    LatencySummary? Latency,
    double RetriesPerOperation,
    double AllocatedBytesPerOperation,
    RaceExit? Exit = null);
