using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Reporting;

/// <summary>A row (in one guarantee profile) whose verdicts differ between two runs.</summary>
/// <param name="Older">The older run's verdict, as a line.</param>
/// <param name="Newer">The newer run's verdict, as a line.</param>
/// <param name="Conflict">The strategy one run recommends is separably slower than the other's leader in the other run (or left its race, or broke a claim there).</param>
public sealed record VerdictDifference(CellKey Cell, string Profile, string Older, string Newer, bool Conflict);
