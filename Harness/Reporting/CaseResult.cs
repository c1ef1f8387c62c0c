namespace EventCommitLab.Harness.Reporting;

/// <summary>Everything measured and checked for one case: one method, one contender, one cell of the grid.</summary>
/// <param name="MeanMs">Mean time per wave (BenchmarkDotNet), null when the case failed.</param>
/// <param name="ErrorMs">Half of BenchmarkDotNet's 99.9% confidence interval of the mean.</param>
/// <param name="FractionOfCeiling">Events/s as a fraction of the raw ceiling's events/s in the same cell.</param>
/// <param name="P50Ms">Per-commit latency, measured by the harness around each commit of every measured wave.</param>
/// <param name="Verdict">The verifier's verdict, one line; "not verified" for the ceiling.</param>
/// <param name="Failure">A short cause when the case threw or timed out.</param>
public sealed record CaseResult(
    string Method,
    string Contender,
    bool IsCeiling,
    int NumberOfEvents,
    int ConcurrentBatches,
    double? MeanMs,
    double? ErrorMs,
    double? StdDevMs,
    int? Iterations,
    double? EventsPerSecond,
    double? FractionOfCeiling,
    double? P50Ms,
    double? P95Ms,
    double? P99Ms,
    long Commits,
    long Waves,
    double? RetriesPerWave,
    double? ConflictsPerWave,
    long? AllocatedBytesPerWave,
    long LogSizeAtStart,
    long LogSizeAtEnd,
    string Verdict,
    bool VerdictPassed,
    IReadOnlyList<string> Violations,
    string? Failure)
{
    public int EventsPerWave => NumberOfEvents * ConcurrentBatches;

    public bool Succeeded => Failure is null && MeanMs is not null;

    public string Cell => $"{Method} {NumberOfEvents}x{ConcurrentBatches}";
}
