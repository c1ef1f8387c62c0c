using EventCommitLab.Contract.Model;

namespace EventCommitLab.Engine.Measurement;

/// <summary>One committer's command as it stands: the aggregate it is for and its current attempt's commit.</summary>
/// <param name="Slot">The committer.</param>
/// <param name="Aggregate">The aggregate's index among the cell's (its tag's, for conditional commits).</param>
/// <param name="Request">The commit of this attempt; a retry is a new commit, with its own id.</param>
/// <param name="Attempt">1 for the first attempt.</param>
internal sealed record CommitterCommand(int Slot, int Aggregate, CommitRequest Request, int Attempt);
