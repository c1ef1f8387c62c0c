namespace EventCommitLab.Engine.Racing;

/// <summary>
/// When and why a group's race ended: its verdict is judged over its first <paramref name="Rounds"/> race rounds, the
/// ones it was decided (or given up) on, whatever the race ran after it for other groups.
/// </summary>
public sealed record GroupEnd(int Rounds, RaceEnd End);
