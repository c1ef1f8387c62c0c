using System.Diagnostics;

namespace EventCommitLab.Harness.Grid;

/// <summary>Per-commit latencies of one case, recorded from many threads.</summary>
internal sealed class LatencyRecorder
{
    private readonly List<double> _milliseconds = [];
    private readonly Lock _lock = new();

    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _milliseconds.Count;
            }
        }
    }

    public void Add(long startTimestamp)
    {
        var elapsed = Stopwatch.GetElapsedTime(startTimestamp).TotalMilliseconds;
        lock (_lock)
        {
            _milliseconds.Add(elapsed);
        }
    }

    public void Add(long startTimestamp, int commits)
    {
        var elapsed = Stopwatch.GetElapsedTime(startTimestamp).TotalMilliseconds;
        lock (_lock)
        {
            _milliseconds.AddRange(Enumerable.Repeat(elapsed, commits));
        }
    }

    /// <summary>The nearest-rank percentile, null without samples.</summary>
    public double? Percentile(double percent)
    {
        double[] sorted;
        lock (_lock)
        {
            sorted = [.. _milliseconds];
        }

        if (sorted.Length == 0)
        {
            return null;
        }

        Array.Sort(sorted);
        var rank = (int)Math.Ceiling(percent / 100 * sorted.Length);
        return sorted[Math.Clamp(rank - 1, 0, sorted.Length - 1)];
    }
}
