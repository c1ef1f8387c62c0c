namespace EventCommitLab.Engine.Racing;

/// <summary>
/// A set of contenders judged together. The race runs until every group that must decide has a verdict; a group that
/// need not (the ceiling's raw writers) races along, its members leaving when behind, without holding the race open.
/// </summary>
public sealed record RaceGroup(string Name, bool MustDecide);
