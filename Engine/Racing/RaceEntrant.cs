namespace EventCommitLab.Engine.Racing;

/// <summary>A contender in a cell's race and the groups it is judged in; one in no group is a reference, measured but never judged.</summary>
/// <param name="Pinned">
/// Runs every round to the race's end, judged as any other but never sent out as behind or outrun (only a failed turn
/// ends it early): for a contender a stated goal compares round by round with another, which needs their rounds paired
/// for as long as the race runs. Nobody in the main job's cells is pinned.
/// </param>
public sealed record RaceEntrant(string Name, IReadOnlyList<string> Groups, bool Pinned = false);
