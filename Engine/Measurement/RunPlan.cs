namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The run's time, planned over its cells in the order a review needs them. Every cell has a mandatory part that no
/// verdict can do without (each contender's start, its qualifying round, the checks at the end) and a race that decides
/// as far as its time goes. Before each cell, the mandatory parts of the cells still to run are set aside (predicted,
/// then scaled by what the cells so far took against their prediction); of what is left, a cell may race for up to
/// <see cref="Overcommit"/> equal shares: most cells decide at their first looks and leave their share to the cells
/// after them, so a close call may take the rounds the clear ones did not need, and the mandatory parts set aside keep
/// a close call early in the order from taking the time of the cells after it. Before the first cell runs, the plan
/// decides what it covers: the cells last in the order are left out, whole, until what is left pays for the mandatory
/// parts and carries the cells it covers half as many rounds beyond their first look again (<see cref="CloseCalls"/>). After that, it leaves the last
/// cells out only when what is left cannot pay for their mandatory parts: a cell left out then is most often a clear
/// call, decided at its first look, and would buy the close calls before it little. When the run reaches a cell left
/// out, every cell before it has had its time, so the cell comes back (with the left-out cells after it) if what is
/// left pays for its mandatory part: a day slower at the start than over the run, or cells faster than predicted, then
/// leave no budget unspent. The plan says which cells it left out and what they would have taken: a row the budget could not decide costs its starts and checks for nothing, and
/// takes time from the rows before it. With no total (a dry run), every cell runs unbounded.
/// </summary>
internal sealed class RunPlan
{
    /// <summary>Kept back from the last cell's share for writing the results and stopping the store.</summary>
    public static readonly TimeSpan Reserve = TimeSpan.FromSeconds(5);

    /// <summary>How many equal shares of what the mandatory parts leave a cell may race for.</summary>
    public const double Overcommit = 3;

    /// <summary>
    /// What the time beyond the mandatory parts must hold, in rounds to the first look of every cell the plan covers, as
    /// it starts: enough for each to race half as many rounds again. Most cells decide at their first look and leave
    /// their share to the close calls, which need two to eight times as many rounds; a close call stopped for want of
    /// time is a row undecided, and a cell left out at the start gives its time to all of them. As many rounds again
    /// left the grid's last rows out of every default run on our machines (the clear calls at 100 committers, whose
    /// mandatory parts are the largest): a row not run answers nothing, and the close calls still get most of the rest.
    /// </summary>
    public const double CloseCalls = 0.5;

    /// <summary>
    /// What a cell racing beyond its first look leaves, besides the mandatory parts of the cells still to come: this share
    /// of the largest of them after it. A cell's mandatory part runs whatever its prediction, and one of the grid's
    /// largest comes in over it by about this much in a run; a cell that raced the time beyond every prediction away
    /// left the grid's last row out by a few seconds.
    /// </summary>
    public const double Cushion = 0.25;

    /// <summary>
    /// How much the starting scale weighs against what the cells take: as much as this much of predicted mandatory
    /// parts, so that the first cell's surprise (a small cell's parts run well off their prediction either way) does not
    /// leave cells out for the whole run, while a whole slow day still moves the scale within a few cells.
    /// </summary>
    public static readonly TimeSpan StartingScaleWeight = TimeSpan.FromSeconds(60);

    private readonly IReadOnlyList<PlannedCell> _cells;
    private readonly TimeSpan? _total;
    private readonly double _startingScale;
    private readonly List<PlannedCell> _leftOut = [];
    private double _predicted;
    private double _measured;

    /// <param name="cells">The cells in the order a review needs them, each with the mandatory part predicted for it.</param>
    /// <param name="total">The whole run's time; null for no budget.</param>
    /// <param name="scale">What this machine is expected to take against the predictions before any cell ran (1: as predicted).</param>
    public RunPlan(IReadOnlyList<PlannedCell> cells, TimeSpan? total, double scale = 1)
    {
        ArgumentNullException.ThrowIfNull(cells);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(scale);
        _cells = cells;
        _total = total;
        _startingScale = scale;
        Scale = scale;
    }

    public TimeSpan? Total => _total;

    /// <summary>
    /// What the cells take against their predictions: the starting scale until a cell has run, then what the cells run
    /// so far took in all against what was predicted for them, with the starting scale weighing as <see
    /// cref="StartingScaleWeight"/> of predictions more.
    /// </summary>
    public double Scale { get; private set; }

    /// <summary>The cells left out, in the order they were, with the mandatory part each would have needed.</summary>
    public IReadOnlyList<PlannedCell> LeftOut => _leftOut;

    /// <summary>
    /// What the cell at <paramref name="index"/> may spend, after <paramref name="elapsed"/> of the run: its mandatory
    /// part and an equal share of what the mandatory parts of the cells still to run (and the <see cref="Cushion"/>
    /// behind them) leave; null with no total. Cells
    /// last in the order are left out first when what is left cannot pay for every mandatory part (before the first
    /// cell has run, and for half as many rounds again as every cell's first look); when it cannot pay even for this cell's mandatory part, this
    /// cell is left out too and the answer is <see cref="TimeSpan.Zero"/>. A cell left out earlier is planned again
    /// when the run reaches it, with the cells left out after it: every cell before it has had its time.
    /// </summary>
    public TimeSpan? AllowanceFor(int index, TimeSpan elapsed)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, _cells.Count);
        if (_total is not { } total)
        {
            return null;
        }

        if (IsLeftOut(index))
        {
            _leftOut.RemoveAll(c => IndexOf(c) >= index);
        }

        var left = total - Reserve - elapsed;
        var coming = Enumerable.Range(index, _cells.Count - index).Where(i => !IsLeftOut(i)).ToList();
        while (coming.Count > 0 && !Carries(coming, left))
        {
            _leftOut.Insert(_leftOut.Count(c => IndexOf(c) < coming[^1]), _cells[coming[^1]]);
            coming.RemoveAt(coming.Count - 1);
        }

        if (coming.Count == 0)
        {
            return TimeSpan.Zero;
        }

        var cushion = coming.Skip(1).Select(i => Mandatory(i).TotalSeconds).DefaultIfEmpty(0).Max() * Cushion;
        var free = TimeSpan.FromSeconds(Math.Max(0, left.TotalSeconds - coming.Sum(i => Mandatory(i).TotalSeconds) - cushion));
        return Mandatory(index) + TimeSpan.FromTicks(Math.Min(free.Ticks, (long)(free.Ticks * Overcommit / coming.Count)));
    }

    /// <summary>
    /// Whether <paramref name="left"/> pays for the mandatory parts of the cells <paramref name="coming"/> and, before
    /// the first cell has run, carries them half as far again as their first look; a last cell alone only needs its mandatory part
    /// (leaving it out would give its time to no other cell).
    /// </summary>
    private bool Carries(List<int> coming, TimeSpan left)
    {
        var free = left.TotalSeconds - coming.Sum(i => Mandatory(i).TotalSeconds);
        var starting = _predicted == 0;
        return free >= 0 && (!starting || coming.Count == 1 || free >= CloseCalls * coming.Sum(i => _cells[i].FirstLook.TotalSeconds * Scale));
    }

    private int IndexOf(PlannedCell cell)
    {
        for (var i = 0; i < _cells.Count; i++)
        {
            if (ReferenceEquals(_cells[i], cell))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Whether the plan has left the cell at <paramref name="index"/> out.</summary>
    public bool IsLeftOut(int index) => _leftOut.Contains(_cells[index]);

    /// <summary>The mandatory part of the cell at <paramref name="index"/> as the plan now expects it.</summary>
    public TimeSpan Mandatory(int index) => _cells[index].Mandatory * Scale;

    /// <summary>What the cell at <paramref name="index"/>'s mandatory part took: the scale follows what the cells run so far took in all.</summary>
    public void Record(int index, TimeSpan mandatory)
    {
        _predicted += _cells[index].Mandatory.TotalSeconds;
        _measured += mandatory.TotalSeconds;
        if (_predicted > 0 && _measured > 0)
        {
            var weight = StartingScaleWeight.TotalSeconds;
            Scale = (_measured + (_startingScale * weight)) / (_predicted + weight);
        }
    }

    /// <summary>Whether a cell that has spent <paramref name="spent"/> can pay for the next block of rounds and its own finish.</summary>
    public static bool Affords(TimeSpan? allowance, TimeSpan spent, TimeSpan nextBlock, TimeSpan finish) =>
        allowance is not { } share || spent + nextBlock + finish <= share;
}
