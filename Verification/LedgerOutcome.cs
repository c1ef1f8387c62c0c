namespace EventCommitLab.Verification;

/// <summary>What the caller was told about a commit.</summary>
public enum LedgerOutcome
{
    /// <summary>Acknowledged: every event must be in the log, at the sequence numbers the caller was given.</summary>
    Acknowledged,

    /// <summary>Rejected as a concurrency conflict: none of its events may be in the log.</summary>
    Conflict,

    /// <summary>Failed: nothing of it may be in the log (the caller was told so, and may commit it again).</summary>
    Failed,

    /// <summary>Outcome unknown (its answer lost and not settled, or the caller cancelled): in the log whole and once, or not at all.</summary>
    Unknown,
}
