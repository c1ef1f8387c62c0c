namespace EventCommitLab.Contract.Port;

/// <summary>What a store error means for a commit.</summary>
public enum StoreErrorKind
{
    /// <summary>A race or passing fault: the whole commit may be tried again.</summary>
    Transient,

    /// <summary>An expected-version mismatch: never retried, nothing written.</summary>
    Conflict,

    /// <summary>
    /// A write was sent and no answer came (the connection was lost, the server shut down, the call was cancelled): it
    /// may have taken effect or not. Never retried blindly: the commit is looked up in the log first.
    /// </summary>
    OutcomeUnknown,

    /// <summary>Anything else: the commit fails.</summary>
    Fatal,
}
