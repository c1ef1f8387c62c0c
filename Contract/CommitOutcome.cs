using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract;

/// <summary>What became of one request of a batch or wave: acknowledged with a result, or failed with an exception.</summary>
public sealed record CommitOutcome(CommitRequest Request, CommitResult? Result, Exception? Failure)
{
    public static CommitOutcome Committed(CommitRequest request, CommitResult result) => new(request, result, null);

    public static CommitOutcome Failed(CommitRequest request, Exception failure) => new(request, null, failure);
}
