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
/// far longer than they took, and the plan left the grid's last row out of every default run for it (<c>plan-fit</c>
/// refits them, <see cref="CellCostFit"/>). Each
/// cell's progress line prints its own parts; the plan scales the predictions by what this run's cells take.
/// </summary>
internal static class CellCostModel
{
    /// <summary>
    /// The starts', qualifying round's and checks' constants (s), one per term of <see cref="StartsAndChecksTerms"/>: per
    /// contender; per contender and committer; per contender and event of a commit; per contender and event of a wave;
    /// per contender and event of a sustained window.
    /// </summary>
    internal static readonly IReadOnlyList<double> StartsAndChecksConstants = [0.224, 0.00541, 0.0042, 0.0000933, 0.000196];

    /// <summary>
    /// The rounds to the first look's constants, one per term of <see cref="FirstLookTerms"/>: the share of its ramp and
    /// window a turn costs per contender whatever the cell's committers; the share more at one committer, falling with
    /// the logarithm of the committers (the more committers, the more contenders a leader leaves far behind in the
    /// qualifying round, and those do not race to the first look); per turn and event of a commit (s); per turn and
    /// event of a wave (s); per turn and event of a sustained window (s).
    /// </summary>
    internal static readonly IReadOnlyList<double> FirstLookConstants = [0.565, 0.299, 0.000152, 0.000022, 0.0000503];

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
    public static TimeSpan StartsAndChecks(CellKey cell, int contenders) => TimeSpan.FromSeconds(Dot(StartsAndChecksTerms(cell, contenders), StartsAndChecksConstants));

    /// <summary>The race rounds to the first look, which run whatever the cell's share of the budget (none for settings without a race).</summary>
    public static TimeSpan FirstLook(CellKey cell, int contenders, MeasurementSettings settings) =>
        TimeSpan.FromSeconds(Dot(FirstLookTerms(cell, contenders, settings), FirstLookConstants));

    /// <summary>What <see cref="StartsAndChecksConstants"/> multiply, in their order: the model's terms, which a fit regresses on.</summary>
    internal static double[] StartsAndChecksTerms(CellKey cell, int contenders)
    {
        ArgumentNullException.ThrowIfNull(cell);
        var sustained = cell.Load == LoadKind.Sustained;
        return [contenders, contenders * (double)cell.Committers, contenders * (double)cell.NumberOfEvents,
            sustained ? 0 : contenders * (double)cell.EventsPerWave, sustained ? contenders * (double)cell.EventsPerWave : 0];
    }

    /// <summary>What <see cref="FirstLookConstants"/> multiply, in their order: each a first look's turns times a turn's term.</summary>
    internal static double[] FirstLookTerms(CellKey cell, int contenders, MeasurementSettings settings)
    {
        ArgumentNullException.ThrowIfNull(cell);
        ArgumentNullException.ThrowIfNull(settings);
        if (settings.Race is not { } race)
        {
            return [0, 0, 0, 0, 0];
        }

        var turns = race.Looks[0] * (double)contenders;
        // A mirrored round is two turns of half the window each: its ramps and windows take that long, but its events
        // (and what grows with them) are a whole turn's.
        var window = settings.Mirrors(cell) ? 2 * (settings.RampSeconds + (settings.WindowSeconds / 2)) : settings.RampSeconds + settings.WindowSeconds;
        var sustained = cell.Load == LoadKind.Sustained;
        return [turns * window, turns * window / (1 + Math.Log(Math.Max(1, cell.Committers))), turns * cell.NumberOfEvents,
            sustained ? 0 : turns * cell.EventsPerWave, sustained ? turns * cell.EventsPerWave : 0];
    }

    private static double Dot(IReadOnlyList<double> terms, IReadOnlyList<double> constants) => terms.Zip(constants, (t, c) => t * c).Sum();
}
