namespace EventCommitLab.Harness.Racing;

/// <summary>A contender in a cell's race and the groups it is judged in; one in no group is a reference, measured but never judged.</summary>
public sealed record RaceEntrant(string Name, IReadOnlyList<string> Groups);
