namespace EventCommitLab.Engine.Results;

/// <summary>What a tailing reader saw beside a case's measured rounds.</summary>
/// <param name="Delivered">Events it delivered.</param>
/// <param name="Skipped">Numbers it passed that were committed later: events it would never have delivered.</param>
/// <param name="Lag">From a commit's acknowledgement to the reader delivering its first event (a delivery before the
/// acknowledgement counts as no lag); null when no acknowledged commit was delivered.</param>
/// <param name="Polls">Reads it made.</param>
/// <param name="FirstSkipped">The lowest number it skipped, as an example; null when none.</param>
/// <param name="Stalls">Waits at a hole later filled or declared a gap (the high-water-mark reader; 0 for the others).</param>
/// <param name="StalledMs">Their total time.</param>
/// <param name="LongestStallMs">The longest of them.</param>
/// <param name="GapsDeclared">Holes passed after the stale timeout.</param>
public sealed record ReaderSummary(
    long Delivered, long Skipped, LatencySummary? Lag, long Polls, long? FirstSkipped,
    long Stalls = 0, double StalledMs = 0, double LongestStallMs = 0, long GapsDeclared = 0);
