using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>A cell of the run's plan and what its mandatory part (starts, qualifying round, the rounds to the first look, checks) is predicted to take.</summary>
internal sealed record PlannedCell(CellKey Cell, TimeSpan Mandatory);
