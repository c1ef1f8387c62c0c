namespace EventCommitLab.Engine.Results;

/// <summary>
/// What contention cost one contender in a contended cell's measured rounds, counted by the committers (the
/// application), not by the strategy: a command whose commit conflicts re-reads its aggregate and tries again, up to
/// the run's bound, then is given up.
/// </summary>
/// <param name="Committed">Commands whose commit was acknowledged.</param>
/// <param name="Conflicts">Attempts rejected as conflicts (an expected version or an append condition that no longer held).</param>
/// <param name="Retries">Attempts made after a conflict (a command's second and later attempts).</param>
/// <param name="GivenUp">Commands that conflicted on every attempt the bound allows.</param>
/// <param name="WastedEvents">Events handed over in attempts that conflicted: work the store was given and did not keep.</param>
/// <param name="CommittedEvents">Events of the acknowledged commands.</param>
/// <param name="AggregateCommitsChecked">Acknowledged aggregate commits whose expected version the verifier held against the log (all of the case's, warm-up included).</param>
public sealed record ContentionSummary(long Committed, long Conflicts, long Retries, long GivenUp, long WastedEvents, long CommittedEvents, long AggregateCommitsChecked = 0)
{
    public double ConflictsPerCommit => Conflicts / (double)Math.Max(Committed, 1);

    public double RetriesPerCommit => Retries / (double)Math.Max(Committed, 1);

    /// <summary>Events written in vain per event kept.</summary>
    public double WastedPerCommittedEvent => WastedEvents / (double)Math.Max(CommittedEvents, 1);
}
