namespace EventCommitLab.Verification;

public enum ViolationSeverity
{
    /// <summary>Breaks something the strategy claims, or that every strategy must keep: the run fails.</summary>
    Failure,

    /// <summary>Breaks something the strategy does not claim: reported as its known weakness.</summary>
    KnownWeakness,
}
