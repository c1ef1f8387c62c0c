namespace EventCommitLab.SuitePorts.Dcb;

/// <summary>How a store keeps one append's condition true until it commits, when appends are written one per transaction.</summary>
public enum DcbLocking
{
    /// <summary>Advisory locks per tag, as go-crablet takes them: exclusive on the condition's, shared on the written events', taken in one order.</summary>
    TagLocks,

    /// <summary>A serialisable transaction: the database aborts one of two appends that read what the other writes.</summary>
    Serializable,
}
