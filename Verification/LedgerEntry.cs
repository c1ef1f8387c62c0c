using EventCommitLab.Contract.Model;

namespace EventCommitLab.Verification;

/// <summary>One commit as the caller saw it.</summary>
/// <param name="AcknowledgedSequenceNumbers">The numbers the caller was given, for an acknowledged commit.</param>
/// <param name="Failure">A short cause, for a commit that failed.</param>
/// <param name="Events">The commit's events as handed over, in order; null when only the count is known (the content is then not checked).</param>
/// <param name="AcknowledgedAggregateVersion">The aggregate version the caller was given, for an acknowledged aggregate commit.</param>
/// <param name="Expected">The aggregate and the version the commit expected it at, for an aggregate commit.</param>
public sealed record LedgerEntry(
    Guid CommitId,
    int EventCount,
    LedgerOutcome Outcome,
    IReadOnlyList<long>? AcknowledgedSequenceNumbers,
    string? Failure,
    IReadOnlyList<EventFingerprint>? Events = null,
    long? AcknowledgedAggregateVersion = null,
    AggregateExpectation? Expected = null);
