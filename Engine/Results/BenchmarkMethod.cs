namespace EventCommitLab.Engine.Results;

/// <summary>The shapes of commit the grid measures, the first two named as the seed's benchmark methods.</summary>
public enum BenchmarkMethod
{
    /// <summary>Plain commits: each of the wave's commits carries NumberOfEvents events of a fresh event source.</summary>
    CommitEvents,

    /// <summary>Aggregate commits: each of the wave's commits advances its own aggregate from the version it is at.</summary>
    CommitAggregateEvents,

    /// <summary>
    /// Conditional commits (DCB): each committer's commit is written only if no event of its type with the committer's own
    /// tag is in the log after the highest position acknowledged to any committer when it was made (as a caller appends
    /// after reading up to the head), so commits never conflict and each check reads the events written since. Only the
    /// strategies that keep append conditions run it; not in the default grid.
    /// </summary>
    CommitConditionalEvents,
}
