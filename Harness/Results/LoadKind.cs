namespace EventCommitLab.Harness.Results;

/// <summary>How the committers load the store.</summary>
public enum LoadKind
{
    /// <summary>The seed's shape: waves of ConcurrentBatches commits started together, the next wave after the last commit of this one.</summary>
    Waves,

    /// <summary>ConcurrentBatches committers each committing back to back, with no barrier, over a measured window.</summary>
    Sustained,
}
