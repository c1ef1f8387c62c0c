namespace EventCommitLab.Harness.Reads;

/// <summary>The fastest single reader seen, in events/s over its whole read.</summary>
internal sealed class FastestReader
{
    private readonly Lock _lock = new();

    public double? EventsPerSecond { get; private set; }

    public void Saw(double eventsPerSecond)
    {
        lock (_lock)
        {
            EventsPerSecond = Math.Max(EventsPerSecond ?? 0, eventsPerSecond);
        }
    }
}
