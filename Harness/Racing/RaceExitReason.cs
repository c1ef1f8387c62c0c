namespace EventCommitLab.Harness.Racing;

/// <summary>Why a contender stopped running before its cell's race ended.</summary>
public enum RaceExitReason
{
    /// <summary>Below the hopeless fraction of a leader of each of its groups in the qualifying round.</summary>
    Hopeless,

    /// <summary>Confidently more than the margin behind the leader of each of its groups at a look.</summary>
    Behind,

    /// <summary>A reference, judged in no group: measured up to the first look.</summary>
    Reference,

    /// <summary>Its round failed; it is not judged.</summary>
    Failed,
}
