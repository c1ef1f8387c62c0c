namespace EventCommitLab.Engine.Results;

/// <summary>A cell the run's budget left out, whole, and what its mandatory part (starts, qualifying round, checks) was expected to take when it was.</summary>
public sealed record LeftOutCell(CellKey Cell, double MandatorySeconds);
