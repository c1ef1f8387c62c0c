namespace EventCommitLab.Reporting;

/// <summary>How a comparison page says how one row's verdicts in two runs stand (the main job's and the suites' alike).</summary>
public static class VerdictDifferenceText
{
    public static string Of(VerdictDifferenceKind kind) => kind switch
    {
        VerdictDifferenceKind.SameDecision => "same decision",
        VerdictDifferenceKind.DifferentDecision => "decided differently",
        VerdictDifferenceKind.DecidedInOlderOnly => "decided in old only",
        VerdictDifferenceKind.DecidedInNewerOnly => "decided in new only",
        _ => "undecided in both",
    };
}
