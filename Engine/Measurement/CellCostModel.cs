using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// What a cell's mandatory part (every contender's start, its qualifying round, the race rounds to its first look, the
/// verifier reading back its log) is predicted to take before it runs, from the cell's shape. The starts, qualifying
/// round and checks: a part per contender, parts that grow with its committers (connections opened, the slow
/// strategies' drains at many committers) and with its events per commit, and one that grows with the events a window
/// writes (which the verifier reads back), four times steeper under sustained load, whose windows stay open until every
/// committer was acknowledged several times; their constants were fitted by least squares to a default run's 37 cells
/// on our machines (each cell's progress line prints its own). The rounds to the first look run whatever the cell's
/// share of the budget (no verdict comes before that look): a turn per contender still racing and round, each its ramp
/// and window and what its commits' drain adds, which grows with the events per commit and the events a window writes;
/// those constants were fitted by least squares (none negative) to the first looks of the 76 cells of a pair of default
/// runs (five-turns and five-turns-2 in results/), then stated for the machine the other constants were fitted on
/// (<see cref="FirstLooksFittedAt"/>), so that one scale serves both. The plan scales the sum by what this run's cells
/// take.
/// </summary>
internal static class CellCostModel
{
    private static readonly TimeSpan PerContender = TimeSpan.FromSeconds(0.23);

    private static readonly TimeSpan PerContenderAndCommitter = TimeSpan.FromSeconds(0.0057);

    private static readonly TimeSpan PerContenderAndEvent = TimeSpan.FromSeconds(0.0035);

    private static readonly TimeSpan PerContenderAndEventOfAWave = TimeSpan.FromSeconds(0.00006);

    private static readonly TimeSpan PerContenderAndEventOfASustainedWindow = TimeSpan.FromSeconds(0.0004);

    /// <summary>
    /// The share of the contenders' turns a first look's rounds hold: those a leader leaves far behind after the
    /// qualifying round leave there, more of them the more committers a cell has.
    /// </summary>
    private const double RacingShare = 0.63;

    /// <summary>
    /// What the pair's cells whose first looks fitted the constants below took against this model's starts, qualifying
    /// rounds and checks: those machines were that much slower than the ones the other constants were fitted on.
    /// </summary>
    private const double FirstLooksFittedAt = 1.43;

    private static readonly TimeSpan PerTurnAndEvent = TimeSpan.FromSeconds(0.0003);

    private static readonly TimeSpan PerTurnAndEventOfAWave = TimeSpan.FromSeconds(0.000013);

    private static readonly TimeSpan PerTurnAndEventOfASustainedWindow = TimeSpan.FromSeconds(0.00008);

    /// <summary>What checking a log costs besides reading it: the count, the log's disposal.</summary>
    private static readonly TimeSpan PerCheck = TimeSpan.FromSeconds(0.03);

    /// <summary>What the verifier takes per event it reads back and checks, as measured on our machines.</summary>
    private static readonly TimeSpan PerEventChecked = TimeSpan.FromMilliseconds(0.007);

    /// <summary>The median durable flush of the machines the constants were fitted on (ms).</summary>
    public const double ReferenceFlushMs = 0.4;

    /// <summary>
    /// The plan's scale before any cell ran: a machine whose durable flush is slower than ours is expected to take
    /// longer in that proportion (at least as long, at most four times); the cells then correct it.
    /// </summary>
    public static double ScaleFor(double flushMedianMs) => Math.Clamp(flushMedianMs / ReferenceFlushMs, 1, 4);

    /// <summary>What checking a log of <paramref name="events"/> events will take.</summary>
    public static TimeSpan Check(long events) => PerCheck + (events * PerEventChecked);

    /// <summary>The cell's mandatory part: every contender's start, the qualifying round, the rounds to the first look and the checks.</summary>
    public static TimeSpan Mandatory(CellKey cell, int contenders, MeasurementSettings settings) => StartsAndChecks(cell, contenders) + FirstLook(cell, contenders, settings);

    /// <summary>Every contender's start, the qualifying round and the checks.</summary>
    public static TimeSpan StartsAndChecks(CellKey cell, int contenders)
    {
        ArgumentNullException.ThrowIfNull(cell);
        var perEventOfAWindow = cell.Load == LoadKind.Sustained ? PerContenderAndEventOfASustainedWindow : PerContenderAndEventOfAWave;
        return contenders * (PerContender + (cell.Committers * PerContenderAndCommitter) + (cell.NumberOfEvents * PerContenderAndEvent) + (cell.EventsPerWave * perEventOfAWindow));
    }

    /// <summary>The race rounds to the first look, which run whatever the cell's share of the budget (none for settings without a race).</summary>
    public static TimeSpan FirstLook(CellKey cell, int contenders, MeasurementSettings settings)
    {
        ArgumentNullException.ThrowIfNull(cell);
        ArgumentNullException.ThrowIfNull(settings);
        var perEventOfAWindow = cell.Load == LoadKind.Sustained ? PerTurnAndEventOfASustainedWindow : PerTurnAndEventOfAWave;
        var turn = TimeSpan.FromSeconds(settings.RampSeconds + settings.WindowSeconds) + (cell.NumberOfEvents * PerTurnAndEvent) + (cell.EventsPerWave * perEventOfAWindow);
        return settings.Race is { } race ? race.Looks[0] * contenders * RacingShare * turn / FirstLooksFittedAt : TimeSpan.Zero;
    }
}
