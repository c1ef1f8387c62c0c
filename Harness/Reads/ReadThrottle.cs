namespace EventCommitLab.Harness.Reads;

/// <summary>
/// Holds a reader to a rate: before it asks for its next page, it waits until the events it will then have read fit
/// under the rate times the time since it started. So at no moment has it read more than the rate allows.
/// </summary>
public sealed class ReadThrottle(double eventsPerSecond)
{
    public double EventsPerSecond { get; } = eventsPerSecond > 0 ? eventsPerSecond : throw new ArgumentOutOfRangeException(nameof(eventsPerSecond), eventsPerSecond, "A rate must be positive.");

    /// <summary>How long to wait before asking for <paramref name="page"/> more events, having read <paramref name="readSoFar"/> in <paramref name="elapsed"/>.</summary>
    public TimeSpan WaitBefore(long readSoFar, int page, TimeSpan elapsed)
    {
        // Rounded up to a whole tick: rounded down, the reader could be a fraction of an event ahead.
        var allowedAt = TimeSpan.FromTicks((long)Math.Ceiling((readSoFar + page) / EventsPerSecond * TimeSpan.TicksPerSecond));
        return allowedAt > elapsed ? allowedAt - elapsed : TimeSpan.Zero;
    }
}
