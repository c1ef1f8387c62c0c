using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// A cell of the run's plan and what its mandatory part (starts, qualifying round, the rounds to the first look,
/// checks) is predicted to take, with the first look's rounds, which the plan sets half as many again aside for before
/// the first cell runs (<see cref="RunPlan.CloseCalls"/>).
/// </summary>
internal sealed record PlannedCell(CellKey Cell, TimeSpan Mandatory, TimeSpan FirstLook);
