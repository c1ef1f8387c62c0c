namespace EventCommitLab.Strategies.Shared;

/// <summary>Options every strategy is built with; each strategy reads what applies to it.</summary>
public sealed record CommitStrategyOptions
{
    public CommitRetryOptions Retry { get; init; } = new();

    public BatchingPipelineOptions Pipeline { get; init; } = new();
}
