namespace EventCommitLab.Engine.Measurement;

/// <summary>What one contender did in one round: events/s over the measured time, and what was counted.</summary>
internal sealed record RoundSample(double EventsPerSecond, long Events, long Commits);
