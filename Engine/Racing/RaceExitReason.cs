namespace EventCommitLab.Engine.Racing;

/// <summary>Why a contender stopped running before its cell's race ended.</summary>
public enum RaceExitReason
{
    /// <summary>
    /// Below the hopeless fraction of a leader of each of its groups in the qualifying round and again in the first race
    /// round, after which it left; or far below it in the qualifying round (<see cref="RaceSettings.HopelessAtOnceFraction"/>;
    /// in runs made before 2026-11-28's confirmation, below it at all), after which it left.
    /// </summary>
    Hopeless,

    /// <summary>Separably slower than the leader of each of its groups at a look (most often, confidently more than the margin behind).</summary>
    Behind,

    /// <summary>A reference, judged in no group: measured up to the first look.</summary>
    Reference,

    /// <summary>
    /// In a group that need not decide (the ceiling's writers), not its leader at a look: the group goes on with its
    /// leader alone.
    /// </summary>
    Outrun,

    /// <summary>
    /// Every group it is judged in has ended (decided, or shown unable to decide in the rounds left) while it raced on
    /// level with its leader: it runs no further rounds, and its groups are judged over the rounds they ended with.
    /// </summary>
    Settled,

    /// <summary>Its round failed; it is not judged.</summary>
    Failed,
}
