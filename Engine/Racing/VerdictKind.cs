namespace EventCommitLab.Engine.Racing;

/// <summary>What a race says of a group of contenders.</summary>
public enum VerdictKind
{
    /// <summary>One contender, separably faster than every other (or the only one measured).</summary>
    Winner,

    /// <summary>The leader and the contenders shown equivalent to it within the margin; every other is separably slower.</summary>
    Equivalent,

    /// <summary>Some contender is neither separable from the leader nor shown equivalent to it when the rounds ran out.</summary>
    Undecided,
}
