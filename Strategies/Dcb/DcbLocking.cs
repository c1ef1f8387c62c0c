namespace EventCommitLab.Strategies.Dcb;

/// <summary>How a store keeps one append's condition true until it commits, when appends are written one per transaction.</summary>
public enum DcbLocking
{
    /// <summary>Locks per tag and type of the condition and of the written events, taken in one order (go-crablet's advisory locks).</summary>
    TagLocks,

    /// <summary>A serialisable transaction: the database aborts one of two appends that read what the other writes.</summary>
    Serializable,
}
