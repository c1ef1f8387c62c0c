namespace EventCommitLab.Strategies.Port;

/// <summary>What a store error means for a commit.</summary>
public enum StoreErrorKind
{
    /// <summary>A race or passing fault: the whole commit may be tried again.</summary>
    Transient,

    /// <summary>An expected-version mismatch: never retried, nothing written.</summary>
    Conflict,

    /// <summary>Anything else: the commit fails.</summary>
    Fatal,
}
