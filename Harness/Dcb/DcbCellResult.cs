using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Dcb;

/// <summary>One appender in one cell: appends/s and events/s over the rounds (median, 95% interval), latency over all rounds, retried transactions and allocations per append.</summary>
/// <param name="OperationsPerSecondByRound">Each round's appends/s, in round order: the ratios are paired by round.</param>
public sealed record DcbCellResult(
    string Size,
    int EventsPerAppend,
    DcbWorkload Workload,
    int Clients,
    string Appender,
    IReadOnlyList<double> OperationsPerSecondByRound,
    Interval OperationsPerSecond,
    Interval EventsPerSecond,
    LatencySummary? Latency,
    double RetriesPerOperation,
    double AllocatedBytesPerOperation);
