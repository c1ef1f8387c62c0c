using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Results;

/// <summary>What was checked after a case, typed; the writers format it.</summary>
/// <param name="Checked">How the case was checked.</param>
/// <param name="ExpectedEvents">Events the ledger (or, for the ceiling, the rows written) says the log must hold.</param>
/// <param name="FoundEvents">Events in the log.</param>
/// <param name="AggregateCommitsChecked">Acknowledged aggregate commits whose expected version was held against the log.</param>
/// <param name="FailedCommitsChecked">Commits whose callers were told they failed (in a case that ran clean, only those a round's drain stopped retrying), each held absent from the log.</param>
public sealed record VerificationTally(
    VerificationKind Checked, bool Passed, long ExpectedEvents, long FoundEvents, IReadOnlyList<ViolationTally> Violations, long AggregateCommitsChecked = 0, long FailedCommitsChecked = 0)
{
    public static VerificationTally NotChecked { get; } = new(VerificationKind.NotChecked, false, 0, 0, []);

    public static VerificationTally From(VerificationReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        return new(VerificationKind.Verifier, report.Passed, report.ExpectedEvents, report.FoundEvents,
            [.. report.Violations.GroupBy(v => (v.Kind, v.Severity))
                .Select(g => new ViolationTally(g.Key.Kind, g.Key.Severity == ViolationSeverity.Failure, g.Count(), g.First().Detail))],
            report.ExpectedVersionsChecked, report.FailedCommitsChecked);
    }

    public static VerificationTally RowCount(long written, long found) => new(VerificationKind.RowCount, written == found, written, found, []);
}

/// <summary>How a case's log was checked.</summary>
public enum VerificationKind
{
    /// <summary>Not checked: the case failed before it could be.</summary>
    NotChecked,

    /// <summary>The verifier, against the ledger and the strategy's claims.</summary>
    Verifier,

    /// <summary>The ceiling: its log holds exactly the rows it wrote.</summary>
    RowCount,
}
