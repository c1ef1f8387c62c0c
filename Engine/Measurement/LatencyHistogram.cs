using System.Diagnostics;
using EventCommitLab.Engine.Results;
using HdrHistogram;

namespace EventCommitLab.Engine.Measurement;

/// <summary>Latencies recorded from many threads into an HDR histogram (microseconds, 3 significant digits, up to an hour).</summary>
internal sealed class LatencyHistogram
{
    private readonly LongHistogram _histogram = new(TimeSpan.FromHours(1).Ticks / TimeSpan.TicksPerMicrosecond, 3);
    private readonly Lock _lock = new();

    public long Count
    {
        get
        {
            lock (_lock)
            {
                return _histogram.TotalCount;
            }
        }
    }

    public void Record(long fromTimestamp, long toTimestamp)
    {
        var micros = Math.Max(1, (long)Stopwatch.GetElapsedTime(fromTimestamp, toTimestamp).TotalMicroseconds);
        lock (_lock)
        {
            _histogram.RecordValue(Math.Min(micros, _histogram.HighestTrackableValue));
        }
    }

    public void Reset()
    {
        lock (_lock)
        {
            _histogram.Reset();
        }
    }

    /// <summary>The percentiles, null when nothing was recorded.</summary>
    public LatencySummary? Summary()
    {
        lock (_lock)
        {
            return _histogram.TotalCount == 0
                ? null
                : new LatencySummary(
                    _histogram.TotalCount,
                    _histogram.GetValueAtPercentile(50) / 1000.0,
                    _histogram.GetValueAtPercentile(90) / 1000.0,
                    _histogram.GetValueAtPercentile(95) / 1000.0,
                    _histogram.GetValueAtPercentile(99) / 1000.0,
                    _histogram.GetMaxValue() / 1000.0);
        }
    }
}
