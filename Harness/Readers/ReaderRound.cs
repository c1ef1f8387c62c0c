namespace EventCommitLab.Harness.Readers;

/// <summary>What a tailing reader saw in one round: events delivered, numbers skipped for good, reads made, the lowest skipped number.</summary>
internal sealed record ReaderRound(long Delivered, long Skipped, long Polls, long? FirstSkipped);
