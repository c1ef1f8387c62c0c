namespace EventCommitLab.Harness.Results;

/// <summary>How every cell was measured.</summary>
/// <param name="Rounds">Rounds per cell; each round measures every contender once, in an order rotated and shuffled per round.</param>
/// <param name="WindowSeconds">The measured window of a round (waves: whole waves until it is full, at least one).</param>
/// <param name="RampSeconds">Sustained load: unmeasured time at the start of each round, while the committers get going.</param>
/// <param name="RateEventsPerSecond">Sustained load, open loop: the fixed arrival rate; null for closed loop (back to back).</param>
/// <param name="EarlyStopFactor">A contender slower than the cell's best by more than this after the first round stops there.</param>
/// <param name="ConfidenceLevel">Of every interval, e.g. 0.95.</param>
/// <param name="CheckpointBeforeRounds">Whether the store was settled (PostgreSQL: CHECKPOINT) before each measured round.</param>
/// <param name="Reader">The tailing readers beside each sustained round; None for runs made before there was one.</param>
/// <param name="ReaderLoads">The loads whose measured rounds the readers follow; null (sustained only) in runs made before it could be chosen.</param>
public sealed record MeasurementSettings(
    string Preset,
    IReadOnlyList<LoadKind> Loads,
    int Rounds,
    double WindowSeconds,
    double RampSeconds,
    double? RateEventsPerSecond,
    double EarlyStopFactor,
    double ConfidenceLevel,
    bool CheckpointBeforeRounds,
    ReaderKind Reader = ReaderKind.None,
    IReadOnlyList<LoadKind>? ReaderLoads = null)
{
    /// <summary>Whether the readers follow this load's measured rounds.</summary>
    public bool ReadersFollow(LoadKind load) => Reader != ReaderKind.None && (ReaderLoads ?? [LoadKind.Sustained]).Contains(load);
}
