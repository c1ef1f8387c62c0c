using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Dcb;

/// <summary>go-crablet's way on PostgreSQL: one transaction per append, holding a lock per tag of its condition and of its events.</summary>
public sealed class TagLockAppender(IDcbLog log) : TransactionPerAppendAppender(log, DcbLocking.TagLocks)
{
    public override string Name => "TagLocks";

    public override string Mechanism =>
        "a transaction per append; transaction-scoped advisory locks on every tag (or type, for a tagless item) of the condition and of the written events, taken in one order, then the check and the insert";
}
