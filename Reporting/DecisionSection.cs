using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>A section of the page's pictures: its heading, the file drawing it (without extension) and its rows in order.</summary>
public sealed record DecisionSection(string Title, string Name, IReadOnlyList<CellVerdict> Rows);
