using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Strategies.Dcb;

/// <summary>One serialisable transaction per append: the database's own conflict detection keeps the condition.</summary>
public sealed class SerializableAppender(IDcbLog log) : TransactionPerAppendAppender(log, DcbLocking.Serializable)
{
    public override string Name => "Serializable";

    public override string Mechanism =>
        "a serialisable transaction per append (check and insert in one statement); an aborted one is tried again, and then sees the winner";
}
