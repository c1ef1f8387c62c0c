namespace EventCommitLab.Harness.Results;

/// <summary>Everything measured and checked for one contender in one cell.</summary>
/// <param name="EventsPerSecond">Median over the rounds, with its 95% confidence interval (Harrell-Davis, Maritz-Jarrett).</param>
/// <param name="RoundEventsPerSecond">Events/s of each round in round order; null for a round the contender did not run (stopped early or failed).</param>
/// <param name="Rounds">Rounds measured.</param>
/// <param name="StoppedEarly">Far slower than the cell's best after the first round, so not measured further.</param>
/// <param name="RatioToCeiling">Events/s over the ceiling's, computed per round (paired) and summarised like events/s.</param>
/// <param name="IsBest">The strategy with the highest median events/s in the cell (the ceiling excluded).</param>
/// <param name="TiedWithBest">Not separable from the best: the paired ratio best / this one has an interval that reaches 1.</param>
/// <param name="CommitLatency">Per-commit latency of the measured rounds; null for a contender handed whole groups.</param>
/// <param name="GroupLatency">For a contender handed whole groups (the simulated batcher, the ceiling): the time of each group.</param>
/// <param name="AllocatedBytesPerEvent">Bytes allocated by this whole process during the measured rounds, per event written.</param>
/// <param name="Commits">Commits counted in the measured rounds.</param>
/// <param name="Failure">A short cause when the case threw or timed out, with the exception's type.</param>
/// <param name="Reader">What the naive tailing reader saw beside the measured sustained rounds; null without one.</param>
/// <param name="HighWaterMarkReader">What the high-water-mark reader saw; null without one.</param>
/// <param name="HorizonReader">What the transaction-horizon reader saw; null without one (it reads only strategies that store transaction ids).</param>
public sealed record CaseResult(
    LoadKind Load,
    BenchmarkMethod Method,
    int NumberOfEvents,
    int ConcurrentBatches,
    string Contender,
    bool IsCeiling,
    Interval? EventsPerSecond,
    IReadOnlyList<double?> RoundEventsPerSecond,
    int Rounds,
    bool StoppedEarly,
    Interval? RatioToCeiling,
    bool IsBest,
    bool TiedWithBest,
    LatencySummary? CommitLatency,
    LatencySummary? GroupLatency,
    double? RetriesPerCommit,
    double? ConflictsPerCommit,
    BatchSizeSummary? Batches,
    double? AllocatedBytesPerEvent,
    long Commits,
    long LogSizeAtStart,
    long LogSizeAtEnd,
    VerificationTally Verification,
    string? Failure,
    ReaderSummary? Reader = null,
    ReaderSummary? HighWaterMarkReader = null,
    ReaderSummary? HorizonReader = null)
{
    public CellKey Cell => new(Load, Method, NumberOfEvents, ConcurrentBatches);

    public bool Succeeded => Failure is null && EventsPerSecond is not null;

    /// <summary>A case the harness could not measure, with the reason.</summary>
    public static CaseResult NotRun(CellKey cell, string contender, bool isCeiling, string cause)
    {
        ArgumentNullException.ThrowIfNull(cell);
        return new CaseResult(cell.Load, cell.Method, cell.NumberOfEvents, cell.ConcurrentBatches, contender, isCeiling, null, [], 0, false, null, false, false,
            null, null, null, null, null, null, 0, 0, 0, VerificationTally.NotChecked, cause);
    }
}
