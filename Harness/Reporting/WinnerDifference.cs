using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Reporting;

/// <summary>A row whose winner (or tie set) differs between two runs; <paramref name="Overlap"/> when some contender is best or tied in both.</summary>
public sealed record WinnerDifference(CellKey Cell, string Older, string Newer, bool Overlap);
