namespace EventCommitLab.Strategies.Verification;

/// <summary>One commit as the caller saw it.</summary>
/// <param name="AcknowledgedSequenceNumbers">The numbers the caller was given, for an acknowledged commit.</param>
/// <param name="Failure">A short cause, for a commit that failed.</param>
public sealed record LedgerEntry(
    Guid CommitId,
    int EventCount,
    LedgerOutcome Outcome,
    IReadOnlyList<long>? AcknowledgedSequenceNumbers,
    string? Failure);
