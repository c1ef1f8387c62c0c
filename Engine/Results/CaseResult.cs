using System.Text.Json.Serialization;

namespace EventCommitLab.Engine.Results;

/// <summary>Everything measured and checked for one contender in one cell.</summary>
/// <param name="EventsPerSecond">Trimmed geometric mean of its race rounds with a 95% interval (Yuen) (runs made before the race: the median of its rounds); its qualifying round alone when it ran no race round.</param>
/// <param name="RoundEventsPerSecond">Events/s of each race round in race order; null for a round the contender did not run (it had left the race, or failed).</param>
/// <param name="Rounds">Race rounds measured.</param>
/// <param name="StoppedEarly">Left the race before its end (<paramref name="Exit"/> says when and why).</param>
/// <param name="RatioToCeiling">Events/s over the ceiling's (round by round the fastest raw writer still racing), paired per round, with its 95% interval.</param>
/// <param name="IsBest">The leader of the cell's race among every strategy judged (the ceiling and references excluded).</param>
/// <param name="TiedWithBest">In the leader's verdict set: equivalent to it, or still undecided against it.</param>
/// <param name="CommitLatency">Per-commit latency of the measured rounds; null for a contender handed whole groups.</param>
/// <param name="GroupLatency">For a contender handed whole groups (the simulated batcher, the ceiling): the time of each group.</param>
/// <param name="AllocatedBytesPerEvent">Bytes allocated by this whole process during the measured rounds, per event written.</param>
/// <param name="Commits">Commits counted in the measured rounds.</param>
/// <param name="Failure">A short cause when the case threw or timed out, with the exception's type.</param>
/// <param name="Reader">What the naive tailing reader saw beside the measured sustained rounds; null without one.</param>
/// <param name="HighWaterMarkReader">What the high-water-mark reader saw; null without one.</param>
/// <param name="HorizonReader">What the transaction-horizon reader saw; null without one (it reads only strategies that store transaction ids).</param>
/// <param name="QualifyingEventsPerSecond">Its qualifying round (every contender, the readers following; not in any statistic); null in runs made before the race.</param>
/// <param name="Exit">Why and after how many race rounds it left the race; null when it ran to the end, or in runs made before the race.</param>
/// <param name="Aggregates">The aggregates a contended cell's committers draw from; null for one per committer.</param>
/// <param name="PeakWorkingSetBytes">The process's largest working set sampled during its measured rounds (its race rounds; its qualifying round when it ran none): the whole process's, so what the runtime kept from earlier contenders is part of it.</param>
/// <param name="Durability">The cell's durability in a run over several; null in a run over one.</param>
/// <param name="Contention">What contention cost it (conflicts, retries, commands given up, wasted events); null outside contended cells.</param>
/// <param name="Commands">How the cell's commands ran on their shared aggregates (optimistic in runs made before command modes).</param>
/// <param name="LabCpuShare">The lab's own process's share of the CPU time the machine was busy during its measured rounds (the database had the rest); null where the machine does not say, and in runs made before it was measured.</param>
public sealed record CaseResult(
    LoadKind Load,
    BenchmarkMethod Method,
    int NumberOfEvents,
    [property: JsonPropertyName("concurrentBatches")] int Committers,
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
    ReaderSummary? HorizonReader = null,
    double? QualifyingEventsPerSecond = null,
    Racing.RaceExit? Exit = null,
    int? Aggregates = null,
    ContentionSummary? Contention = null, string? Durability = null, long? PeakWorkingSetBytes = null, CommandMode Commands = CommandMode.Optimistic,
    double? LabCpuShare = null)
{
    public CellKey Cell => new(Load, Method, NumberOfEvents, Committers, Aggregates, Durability, Commands);

    public bool Succeeded => Failure is null && EventsPerSecond is not null;

    /// <summary>A case the harness could not measure, with the reason.</summary>
    public static CaseResult NotRun(CellKey cell, string contender, bool isCeiling, string cause)
    {
        ArgumentNullException.ThrowIfNull(cell);
        return new CaseResult(cell.Load, cell.Method, cell.NumberOfEvents, cell.Committers, contender, isCeiling, null, [], 0, false, null, false, false,
            null, null, null, null, null, null, 0, 0, 0, VerificationTally.NotChecked, cause, Aggregates: cell.Aggregates, Durability: cell.Durability, Commands: cell.Commands);
    }
}
