using EventCommitLab.Contract.Model;

namespace EventCommitLab.Strategies.Shared;

/// <summary>A commit waiting in the pipeline's queue: the request, its caller's answer and when it was queued (timestamp).</summary>
internal readonly record struct PendingCommit(CommitRequest Request, GroupCommitAnswer<CommitResult> Completion, long Enqueued);
