namespace EventCommitLab.Reporting;

/// <summary>How one row's verdicts in two runs stand to each other.</summary>
public enum VerdictDifferenceKind
{
    /// <summary>Both runs decided, on the same strategy or on equivalent sets that each hold the other's choice.</summary>
    SameDecision,

    /// <summary>Both runs decided, differently.</summary>
    DifferentDecision,

    /// <summary>Only the older run decided.</summary>
    DecidedInOlderOnly,

    /// <summary>Only the newer run decided.</summary>
    DecidedInNewerOnly,

    /// <summary>Neither run decided: their sets only say what neither could separate, so they agree on nothing.</summary>
    UndecidedInBoth,
}
