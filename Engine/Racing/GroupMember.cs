namespace EventCommitLab.Engine.Racing;

/// <summary>One member of a race's group as its standing is judged: its race rounds (null where it did not run), its qualifying figure, and how it left, if it did.</summary>
public sealed record GroupMember(string Name, IReadOnlyList<double?> Rounds, double? Qualifying, RaceExit? Exit);
