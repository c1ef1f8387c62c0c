namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// The measured window of a sustained round, in Stopwatch timestamps: a commit counts only when it is acknowledged
/// inside the window, so the ramp before it and the drain after it are never part of the figure.
/// </summary>
internal sealed class SustainedWindow(long start, long end)
{
    private long _events;
    private long _commits;

    public long Start { get; } = start;

    public long End { get; } = end;

    public long Events => Interlocked.Read(ref _events);

    public long Commits => Interlocked.Read(ref _commits);

    public double Seconds => (End - Start) / (double)System.Diagnostics.Stopwatch.Frequency;

    public double EventsPerSecond => Events / Seconds;

    public bool Contains(long timestamp) => timestamp >= Start && timestamp < End;

    /// <summary>Counts the commit when <paramref name="acknowledgedAt"/> is inside the window; says whether it did.</summary>
    public bool TryCount(long acknowledgedAt, int commits, int events)
    {
        if (!Contains(acknowledgedAt))
        {
            return false;
        }

        Interlocked.Add(ref _commits, commits);
        Interlocked.Add(ref _events, events);
        return true;
    }
}
