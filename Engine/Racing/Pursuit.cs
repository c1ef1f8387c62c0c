namespace EventCommitLab.Engine.Racing;

/// <summary>
/// What a race can still spend on a pair at a look: the last round it can pay for, and the error rate a pair still open
/// would be decided at there. A rival separably slower than its leader but estimated within the margin races on while
/// it is likely to be shown equivalent by then (<see cref="Decidability.PursueEquivalenceFrom"/>).
/// </summary>
public sealed record Pursuit(int Horizon, double ErrorRate);
