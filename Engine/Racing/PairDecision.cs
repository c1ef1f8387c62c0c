namespace EventCommitLab.Engine.Racing;

/// <summary>What paired rounds say of one contender against another (in a race, against its group's leader).</summary>
public enum PairDecision
{
    /// <summary>Neither separable nor shown equivalent within the margin: more rounds are needed.</summary>
    Undecided,

    /// <summary>Equivalent within the margin: both one-sided tests put the ratio inside [1 − δ, 1 / (1 − δ)].</summary>
    Equivalent,

    /// <summary>Separably slower (the ratio's interval lies below 1), but not shown to be more than the margin behind.</summary>
    Slower,

    /// <summary>More than the margin behind: the ratio lies below 1 − δ (one-sided test).</summary>
    Behind,

    /// <summary>Separably faster, but not shown to be more than the margin ahead.</summary>
    Faster,

    /// <summary>More than the margin ahead.</summary>
    Ahead,
}
