namespace EventCommitLab.Engine.Results;

/// <summary>How every cell was measured.</summary>
/// <param name="Rounds">The most race rounds a cell runs (its last look); each round measures every contender still racing once, in an order <paramref name="ShuffledEveryRound"/> says.</param>
/// <param name="WindowSeconds">The measured window of a round (waves: whole waves until it is full, at least one).</param>
/// <param name="RampSeconds">Sustained load: unmeasured time at the start of each round, while the committers get going.</param>
/// <param name="RateEventsPerSecond">Sustained load, open loop: the fixed arrival rate; null for closed loop (back to back).</param>
/// <param name="EarlyStopFactor">
/// Whether the race screened (0: nobody): in runs made before rows spent one error rate, a contender below 1/this of its
/// leader in the qualifying round left the race there (runs made before the race: after round 1); since, the cuts test
/// every rival against every member at depths of their own (<see cref="Racing.StallRates"/>), and this is 1 over the
/// two-window cut's depth.
/// </param>
/// <param name="ConfidenceLevel">Of every interval, e.g. 0.95.</param>
/// <param name="CheckpointBeforeRounds">Whether the store was settled (PostgreSQL: CHECKPOINT) before each measured round.</param>
/// <param name="Reader">The tailing readers beside each sustained round; None for runs made before there was one.</param>
/// <param name="ReaderLoads">The loads whose measured rounds the readers follow; null (sustained only) in runs made before it could be chosen.</param>
/// <param name="Margin">δ of the race: ratios within [1 − δ, 1 / (1 − δ)] are equivalent; null in runs made before the race.</param>
/// <param name="ErrorRate">α of the race: the chance a row's verdict (in runs made before rows spent one error rate, one decision) is wrong, over the looks; null in runs made before the race.</param>
/// <param name="Looks">The race rounds after which the race decides; null in runs made before the race.</param>
/// <param name="BudgetMinutes">The run's budget; null when it had none.</param>
/// <param name="Skew">Contended cells: 0 when commands drew their aggregates uniformly, else the Zipf exponent; null in runs made before contention.</param>
/// <param name="ConflictRetries">Contended cells: a command's attempts after a conflict before it was given up; null in runs made before contention.</param>
/// <param name="ShuffledEveryRound">True when each round's order was shuffled afresh; false in runs made before, whose order was shuffled once per cell and rotated a place per round.</param>
/// <param name="ErrorPerRow">
/// True when <paramref name="ErrorRate"/> bounds a whole row's verdict (the cuts tests of measured size, Holm's step-down
/// over the row's comparisons at each look, every standing against the row's choice); false in runs made before, where
/// it bounded each decision and a row of k decisions erred with at most k times it.
/// </param>
/// <param name="SequentialLooks">
/// True when each comparison's error rate was spent over the looks by the sequential boundary (<see cref="Racing.ErrorSpending.Sequential"/>);
/// false in runs made before, where each look tested at its own share.
/// </param>
/// <param name="MirroredBelowCommitters">
/// The race rounds of cells with fewer committers than this were mirrored (<see cref="Mirrors"/>); null when no round
/// was, as in runs made before.
/// </param>
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
    IReadOnlyList<LoadKind>? ReaderLoads = null,
    double? Margin = null,
    double? ErrorRate = null,
    IReadOnlyList<int>? Looks = null,
    double? BudgetMinutes = null,
    double? Skew = null,
    int? ConflictRetries = null,
    bool ShuffledEveryRound = false,
    bool ErrorPerRow = false,
    bool SequentialLooks = false,
    int? MirroredBelowCommitters = null)
{
    /// <summary>
    /// Whether the cell's race rounds are mirrored: each measures every contender still racing twice, for half the window
    /// each, in the round's order and then in its reverse, and takes the mean of the two as its figure. The machine's
    /// state drifts within a round (the disk's flush time above all), and a contender measured early in a round meets
    /// another state than one measured late; mirrored, a drift that moves steadily over the round lands on both members
    /// of every pair alike. Not at many committers, where a turn is bound by its minimum (one wave; every committer's
    /// acknowledgements), not by its window, so a half window would not halve it.
    /// </summary>
    public bool Mirrors(CellKey cell)
    {
        ArgumentNullException.ThrowIfNull(cell);
        return cell.Committers < MirroredBelowCommitters;
    }

    /// <summary>How the cells race; null for runs made before the race.</summary>
    [System.Text.Json.Serialization.JsonIgnore]
    public Racing.RaceSettings? Race => Margin is { } margin
        ? new Racing.RaceSettings(margin, ErrorRate ?? Racing.RaceSettings.DefaultErrorRate, Looks ?? Racing.RaceSettings.LooksUpTo(Rounds), Screening: EarlyStopFactor > 0,
            SequentialLooks ? Racing.ErrorSpending.Sequential : Racing.ErrorSpending.PerLook)
        : null;

    /// <summary>Whether the readers follow this load's measured rounds.</summary>
    public bool ReadersFollow(LoadKind load) => Reader != ReaderKind.None && (ReaderLoads ?? [LoadKind.Sustained]).Contains(load);
}
