namespace EventCommitLab.Verification;

/// <summary>One thing wrong with the log, with enough detail to find it.</summary>
public sealed record Violation(ViolationKind Kind, ViolationSeverity Severity, string Detail)
{
    public override string ToString() => $"{Kind} ({(Severity == ViolationSeverity.Failure ? "failure" : "known weakness")}): {Detail}";
}
