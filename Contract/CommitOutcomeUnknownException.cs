namespace EventCommitLab.Contract;

/// <summary>
/// The commit may or may not be in the log, whole, once: a write's answer was lost and looking the commit up failed
/// too (or the caller cancelled while it was being written). Never retried by the strategy, since a retry could write it
/// twice; the caller can look for its commit id later.
/// </summary>
public sealed class CommitOutcomeUnknownException(Guid commitId, string reason, Exception? cause)
    : Exception($"The outcome of commit {commitId} is unknown: {reason}", cause)
{
    public Guid CommitId { get; } = commitId;
}
