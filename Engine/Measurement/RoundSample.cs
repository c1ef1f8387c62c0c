namespace EventCommitLab.Engine.Measurement;

/// <summary>What one contender did in one round: events/s over the measured time, and what was counted.</summary>
/// <param name="DrainSeconds">Sustained load: from the measured window's end to the last commit in flight answered.</param>
internal sealed record RoundSample(double EventsPerSecond, long Events, long Commits, double DrainSeconds = 0);
