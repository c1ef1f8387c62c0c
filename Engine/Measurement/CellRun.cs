using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// One cell as it ran: its cases, the claims of its strategies, its verdict, and where its time went: the mandatory part
/// (every contender's start, the qualifying round, the checks at the end) and the race rounds after the qualifying round.
/// </summary>
internal sealed record CellRun(IReadOnlyList<CaseResult> Cases, IReadOnlyList<StrategyClaims> Claims, CellVerdict? Verdict, TimeSpan Mandatory, TimeSpan Racing);
