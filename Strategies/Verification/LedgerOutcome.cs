namespace EventCommitLab.Strategies.Verification;

/// <summary>What the caller was told about a commit.</summary>
public enum LedgerOutcome
{
    /// <summary>Acknowledged: every event must be in the log, at the sequence numbers the caller was given.</summary>
    Acknowledged,

    /// <summary>Rejected as a concurrency conflict: none of its events may be in the log.</summary>
    Conflict,

    /// <summary>Failed otherwise: the commit may or may not have been written, but never in part.</summary>
    Failed,
}
