namespace EventCommitLab.Engine.Results;

/// <summary>How the committers load the store.</summary>
public enum LoadKind
{
    /// <summary>The seed's shape: waves of one commit per committer started together, the next wave after the last commit of this one.</summary>
    Waves,

    /// <summary>Every committer committing back to back, with no barrier, over a measured window.</summary>
    Sustained,
}
