using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract;

/// <summary>
/// A conditional commit's condition failed: the log holds an event matching its query after its position. Nothing of
/// the commit was written and it is never retried: the caller must read again and decide again.
/// </summary>
public sealed class AppendConditionFailedException(Guid commitId, AppendCondition condition)
    : Exception($"Commit {commitId} was refused: the log holds an event matching its condition after position {condition?.After?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "none (the whole log)"}.")
{
    public Guid CommitId { get; } = commitId;

    public AppendCondition Condition { get; } = condition ?? throw new ArgumentNullException(nameof(condition));
}
