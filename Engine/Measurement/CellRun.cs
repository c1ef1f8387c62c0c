using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// One cell as it ran: its cases, the claims of its strategies, its verdict, and where its time went (the same record
/// the verdict carries, kept here too for a cell that has no verdict).
/// </summary>
internal sealed record CellRun(IReadOnlyList<CaseResult> Cases, IReadOnlyList<StrategyClaims> Claims, CellVerdict? Verdict, CellTime Time)
{
    /// <summary>The mandatory part (every contender's start, the qualifying round, the rounds to the first look, the checks at the end), for the plan.</summary>
    public TimeSpan Mandatory => TimeSpan.FromSeconds(Time.MandatorySeconds);
}
