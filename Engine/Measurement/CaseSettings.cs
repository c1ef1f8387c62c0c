namespace EventCommitLab.Engine.Measurement;

/// <summary>How every contender's case is set up, whatever its cell: what its commands carry and how long it may take.</summary>
/// <param name="PayloadBytes">Each event's payload size.</param>
/// <param name="Prefill">Events written to each fresh log before its warm-up (a log not empty, as in production).</param>
/// <param name="Skew">0 for uniform, else the Zipf exponent of contended commands' aggregates.</param>
/// <param name="ConflictRetries">Attempts after a conflict before a contended command is given up.</param>
/// <param name="Timeout">The contender's own time (its warm-up and rounds) before its case fails as timed out.</param>
internal sealed record CaseSettings(int PayloadBytes, long Prefill, double Skew, int ConflictRetries, TimeSpan Timeout);
