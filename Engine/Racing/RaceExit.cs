namespace EventCommitLab.Engine.Racing;

/// <summary>When (after how many race rounds; 0 for the qualifying round) and why a contender left its race.</summary>
public sealed record RaceExit(RaceExitReason Reason, int AfterRounds);
