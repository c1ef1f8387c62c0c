using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// What a cell's mandatory part (every contender's start, its qualifying round, the race rounds to its first look, the
/// verifier reading back its log) is predicted to take before it runs, from the cell's shape. The starts, qualifying
/// round and checks: a part per contender, parts that grow with its committers (connections opened, the slow
/// strategies' drains at many committers) and with its events per commit, and one that grows with the events a window
/// writes (which the verifier reads back), twice as steep under sustained load, whose windows stay open until every
/// committer was acknowledged several times. The rounds to the first look run whatever the cell's share of the budget
/// (no verdict comes before that look): a turn per contender still racing and round, each its ramp and window and what
/// its commits' drain adds, which grows with the events per commit and the events a window writes; fewer contenders
/// race them the more committers a cell has, since more are left far behind after the qualifying round. Both parts'
/// constants were fitted by least squares (none negative) to every cell of the eight default runs of 2026-12-02 and
/// 2026-12-03 (the pair, next-day, review-page and simpler-first pairs in results/, each cell's parts from its details
/// page), all made since a sustained window at 100 committers waits for three acknowledgements of each: the constants
/// before them, fitted to runs that waited for five, predicted the sustained cells of 100 events at 100 committers
/// far longer than they took, and the plan left the grid's last row out of every default run for it. Each
/// cell's progress line prints its own parts; the plan scales the predictions by what this run's cells take.
/// </summary>
internal static class CellCostModel
{
    private static readonly TimeSpan PerContender = TimeSpan.FromSeconds(0.224);

    private static readonly TimeSpan PerContenderAndCommitter = TimeSpan.FromSeconds(0.00541);

    private static readonly TimeSpan PerContenderAndEvent = TimeSpan.FromSeconds(0.0042);

    private static readonly TimeSpan PerContenderAndEventOfAWave = TimeSpan.FromSeconds(0.0000933);

    private static readonly TimeSpan PerContenderAndEventOfASustainedWindow = TimeSpan.FromSeconds(0.000196);

    /// <summary>The share of its ramp and window a turn of the first look costs per contender whatever the cell's committers.</summary>
    private const double WindowShare = 0.565;

    /// <summary>
    /// The share more at one committer, falling with the logarithm of the committers: the more committers, the more
    /// contenders a leader leaves far behind in the qualifying round, and those do not race to the first look.
    /// </summary>
    private const double WindowShareAtOneCommitter = 0.299;

    private static readonly TimeSpan PerTurnAndEvent = TimeSpan.FromSeconds(0.000152);

    private static readonly TimeSpan PerTurnAndEventOfAWave = TimeSpan.FromSeconds(0.000022);

    private static readonly TimeSpan PerTurnAndEventOfASustainedWindow = TimeSpan.FromSeconds(0.0000503);

    /// <summary>What checking a log costs besides reading it: the count, the log's disposal.</summary>
    private static readonly TimeSpan PerCheck = TimeSpan.FromSeconds(0.03);

    /// <summary>
    /// What the checks take per event the logs hold, fitted with <see cref="PerCheck"/> to the checks of the same runs'
    /// cells against the events their logs held (two logs checked at once, as <see cref="CellRunner"/> checks them).
    /// </summary>
    private static readonly TimeSpan PerEventChecked = TimeSpan.FromMilliseconds(0.0031);

    /// <summary>
    /// The slowest median durable flush of the runs the constants were fitted on (ms): over those runs each one's cells
    /// took their predictions within a few per cent whatever its flush, so only a machine slower than this is planned
    /// slower from the start.
    /// </summary>
    public const double ReferenceFlushMs = 0.585;

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
        var windowShare = WindowShare + (WindowShareAtOneCommitter / (1 + Math.Log(Math.Max(1, cell.Committers))));
        var turn = (TimeSpan.FromSeconds(settings.RampSeconds + settings.WindowSeconds) * windowShare) + (cell.NumberOfEvents * PerTurnAndEvent) + (cell.EventsPerWave * perEventOfAWindow);
        return settings.Race is { } race ? race.Looks[0] * contenders * turn : TimeSpan.Zero;
    }
}
