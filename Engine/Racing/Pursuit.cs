namespace EventCommitLab.Engine.Racing;

/// <summary>
/// What a race can still spend on a group at a look: the last round it can pay for, and the part of the row's error
/// rate its open comparisons would share at the look there (each taking its weight's part). A rival separably slower
/// than its leader but not shown beyond the margin races on while it may still be shown equivalent by then
/// (<see cref="Decidability.PursueEquivalenceFrom"/>), and a group whose open pair could not be decided by then is futile.
/// </summary>
public sealed record Pursuit(int Horizon, double LookErrorRate);
