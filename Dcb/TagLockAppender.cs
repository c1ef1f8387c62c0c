using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Dcb;

/// <summary>go-crablet's way on PostgreSQL: one transaction per append, holding an advisory lock per tag of its condition (exclusive) and of its events (shared).</summary>
public sealed class TagLockAppender(IDcbLog log) : TransactionPerAppendAppender(log, DcbLocking.TagLocks)
{
    public override string Name => "TagLocks";

    /// <summary>The exclusive lock makes the check wait for a late writer, but the check's "after P" then filters its event out.</summary>
    public override bool KeepsAfterAgainstLateCommits => false;

    public override string Mechanism =>
        "a transaction per append; transaction-scoped advisory locks, exclusive on every tag (a tagless item: type) of the condition, shared on every tag and type of the written events, taken in one order; then the check and the insert in one statement";
}
