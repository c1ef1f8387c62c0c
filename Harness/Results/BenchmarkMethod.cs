namespace EventCommitLab.Harness.Results;

/// <summary>The two shapes of commit the grid measures, named as the seed's benchmark methods.</summary>
public enum BenchmarkMethod
{
    /// <summary>Plain commits: each of the wave's commits carries NumberOfEvents events of a fresh event source.</summary>
    CommitEvents,

    /// <summary>Aggregate commits: each of the wave's commits advances its own aggregate from the version it is at.</summary>
    CommitAggregateEvents,
}
