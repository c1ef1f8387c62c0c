namespace EventCommitLab.Engine.Tailing;

/// <summary>What a tailing reader saw in one round.</summary>
/// <param name="Delivered">Events it delivered.</param>
/// <param name="Skipped">Numbers it passed that were committed later: events it would never have delivered.</param>
/// <param name="Polls">Reads it made.</param>
/// <param name="FirstSkipped">The lowest number it skipped, as an example; null when none.</param>
/// <param name="Stalls">Times it waited at a hole that was later filled or declared a gap.</param>
/// <param name="StalledMs">Time spent in those waits, in total.</param>
/// <param name="LongestStallMs">The longest of them.</param>
/// <param name="GapsDeclared">Holes it stopped waiting for and passed after the stale timeout.</param>
internal sealed record ReaderRound(
    long Delivered, long Skipped, long Polls, long? FirstSkipped, long Stalls = 0, double StalledMs = 0, double LongestStallMs = 0, long GapsDeclared = 0)
{
    public static ReaderRound operator +(ReaderRound left, ReaderRound right) => new(
        left.Delivered + right.Delivered, left.Skipped + right.Skipped, left.Polls + right.Polls, left.FirstSkipped ?? right.FirstSkipped,
        left.Stalls + right.Stalls, left.StalledMs + right.StalledMs, Math.Max(left.LongestStallMs, right.LongestStallMs), left.GapsDeclared + right.GapsDeclared);
}
