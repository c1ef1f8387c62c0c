using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Dcb;

/// <summary>One serialisable transaction per append: the database's own conflict detection keeps the condition.</summary>
public sealed class SerializableAppender(IDcbLog log) : TransactionPerAppendAppender(log, DcbLocking.Serializable)
{
    public override string Name => "Serializable";

    /// <summary>
    /// Serialisability covers transactions that overlap: a late writer that committed before the check began is simply
    /// earlier, and "after P" filters its event out (a retry after a serialisation failure does the same).
    /// </summary>
    public override bool KeepsAfterAgainstLateCommits => false;

    public override string Mechanism =>
        "a serialisable transaction per append (check and insert in one statement); an aborted one is tried again, and then sees the winner";
}
