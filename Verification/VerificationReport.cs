using System.Globalization;
using System.Text;

namespace EventCommitLab.Verification;

/// <summary>The verifier's verdict on one log.</summary>
/// <param name="ExpectedEvents">Events of acknowledged commits, per the ledger.</param>
/// <param name="FoundEvents">Events in the log.</param>
/// <param name="ExpectedVersionsChecked">Acknowledged aggregate commits whose expected version was held against the log.</param>
/// <param name="FailedCommitsChecked">Commits whose callers were told they failed, each held absent from the log.</param>
public sealed record VerificationReport(long ExpectedEvents, long FoundEvents, IReadOnlyList<Violation> Violations, long ExpectedVersionsChecked = 0, long FailedCommitsChecked = 0)
{
    /// <summary>True when nothing breaks a claimed or universal guarantee (known weaknesses may remain).</summary>
    public bool Passed => Violations.All(v => v.Severity != ViolationSeverity.Failure);

    public IEnumerable<Violation> Failures => Violations.Where(v => v.Severity == ViolationSeverity.Failure);

    public IEnumerable<Violation> KnownWeaknesses => Violations.Where(v => v.Severity == ViolationSeverity.KnownWeakness);

    /// <summary>One line for a clean log, else a line per violation kind with its first examples.</summary>
    public override string ToString()
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"{(Passed ? "clean" : "FAILED")}: {ExpectedEvents} events expected, {FoundEvents} found");
        foreach (var group in Violations.GroupBy(v => (v.Kind, v.Severity)))
        {
            var severity = group.Key.Severity == ViolationSeverity.Failure ? "failure" : "known weakness";
            text.AppendLine().Append(CultureInfo.InvariantCulture, $"  {group.Key.Kind} ({severity}) x{group.Count()}: ");
            text.AppendJoin("; ", group.Take(3).Select(v => v.Detail));
            if (group.Count() > 3)
            {
                text.Append("; ...");
            }
        }

        return text.ToString();
    }
}
