namespace EventCommitLab.Engine.Racing;

/// <summary>Why a contender stopped running before its cell's race ended.</summary>
public enum RaceExitReason
{
    /// <summary>
    /// Cut before the first look (<see cref="ScreeningCut"/>): its qualifying window far below every member still racing,
    /// or its qualifying and first race windows both below half of every one; a test whose size is a measured stall rate
    /// (in runs made before rows spent one error rate: a threshold against the leader, with no error rate).
    /// </summary>
    Hopeless,

    /// <summary>Separably slower at a look than every member of each of its groups still in contention (most often, more than the margin behind).</summary>
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
