namespace EventCommitLab.Engine.Measurement;

/// <summary>What one attempt of a group of commands came to.</summary>
/// <param name="Commits">Commands acknowledged.</param>
/// <param name="Events">Their events.</param>
/// <param name="Conflicted">Commands that conflicted and may be tried again, with their conflicts; null when none did.</param>
internal readonly record struct AttemptResult(int Commits, long Events, IReadOnlyList<(CommitterCommand Command, Exception Conflict)>? Conflicted);
