using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>One row's race verdict in a suite's run, as <c>compare</c> sets two runs' side by side.</summary>
/// <param name="Row">What the row is, unique within the run (<c>PersistAsync</c>; <c>Small, 1 event, 10 clients, AppendIf</c>).</param>
public sealed record SuiteVerdict(string Row, RaceVerdict Verdict);
