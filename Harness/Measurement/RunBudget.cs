namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// The run's time, shared out cell by cell: each cell may spend an equal share of what is left when it starts, so a
/// cell decided early leaves its rest to the cells after it, and the close calls get the rounds the clear ones did not
/// need. A cell's mandatory part (every contender's start, the qualifying round and the rounds to the first look) runs
/// whatever its share; every further block of rounds runs only if its estimated cost, and the cell's estimated finish,
/// fit in the share. With no total (a dry run), every block fits.
/// </summary>
public sealed class RunBudget(TimeSpan? total, int cells)
{
    /// <summary>Kept back from the last cell's share for writing the results and stopping the store.</summary>
    public static readonly TimeSpan Reserve = TimeSpan.FromSeconds(5);

    public TimeSpan? Total => total;

    /// <summary>What the cell about to start may spend, after <paramref name="elapsed"/> of the run and <paramref name="cellsDone"/> cells; null with no total.</summary>
    public TimeSpan? AllowanceForNextCell(TimeSpan elapsed, int cellsDone)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(cellsDone);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(cellsDone, cells);
        if (total is not { } whole)
        {
            return null;
        }

        var left = whole - Reserve - elapsed;
        return left > TimeSpan.Zero ? left / (cells - cellsDone) : TimeSpan.Zero;
    }

    /// <summary>Whether a cell that has spent <paramref name="spent"/> can pay for the next block of rounds and its own finish.</summary>
    public static bool Affords(TimeSpan? allowance, TimeSpan spent, TimeSpan nextBlock, TimeSpan finish) =>
        allowance is not { } share || spent + nextBlock + finish <= share;

    /// <summary>
    /// A rough lower bound of a run: in every cell every contender starts, qualifies and finishes, and at least a leader
    /// and the ceiling race to the first look. Used before the run to refuse a budget the grid cannot fit in.
    /// </summary>
    public static TimeSpan Minimum(int cells, int contenders, int firstLook, double windowSeconds, double rampSeconds)
    {
        var turn = TimeSpan.FromSeconds(windowSeconds + rampSeconds) + TurnOverhead;
        return cells * (contenders * (ContenderStartAndFinish + turn) + 2 * firstLook * turn);
    }

    /// <summary>What a turn costs besides its window and ramp (the checkpoint, the committers starting and draining), as measured on our machines.</summary>
    public static readonly TimeSpan TurnOverhead = TimeSpan.FromSeconds(0.05);

    /// <summary>What starting a contender (fresh log, warm-up) and finishing it (verifier, log removed) cost at the least, as measured on our machines.</summary>
    public static readonly TimeSpan ContenderStartAndFinish = TimeSpan.FromSeconds(0.3);
}
