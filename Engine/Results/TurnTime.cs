namespace EventCommitLab.Engine.Results;

/// <summary>
/// Where a cell's turns (every contender's qualifying and race rounds) spent their time, in seconds summed over the
/// turns: the store settled before each (PostgreSQL: CHECKPOINT, which writes what the turn before dirtied), the young
/// generations collected, the load itself (waves: whole waves; sustained: the ramp and the measured window, which waits
/// for every committer's acknowledgements), the commits in flight draining after a sustained window closed, and what
/// follows the load (the readers stopped, the ledger digesting the turn's commits).
/// </summary>
public sealed record TurnTime(int Turns, double SettleSeconds, double CollectSeconds, double LoadSeconds, double DrainSeconds, double AfterSeconds)
{
    public double TotalSeconds => SettleSeconds + CollectSeconds + LoadSeconds + DrainSeconds + AfterSeconds;

    public TurnTime Plus(TurnTime other)
    {
        ArgumentNullException.ThrowIfNull(other);
        return new(Turns + other.Turns, SettleSeconds + other.SettleSeconds, CollectSeconds + other.CollectSeconds, LoadSeconds + other.LoadSeconds,
            DrainSeconds + other.DrainSeconds, AfterSeconds + other.AfterSeconds);
    }

    public static TurnTime None { get; } = new(0, 0, 0, 0, 0, 0);
}
