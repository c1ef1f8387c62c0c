using System.Diagnostics;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;

namespace EventCommitLab.Tests.Engine.Measurement;

/// <summary>The percentiles every latency table shows, from what was recorded.</summary>
public sealed class LatencyHistogramTests
{
    [Fact]
    public void the_summary_gives_p50_p90_p95_p99_and_the_maximum_of_what_was_recorded()
    {
        var histogram = new LatencyHistogram();
        var start = Stopwatch.GetTimestamp();
        for (var ms = 1; ms <= 100; ms++)
        {
            histogram.Record(start, start + (ms * Stopwatch.Frequency / 1000));
        }

        var summary = histogram.Summary()!;

        Assert.Equal(100, summary.Count);
        Assert.Equal((50, 90, 95, 99, 100), (Math.Round(summary.P50Ms), Math.Round(summary.P90Ms), Math.Round(summary.P95Ms!.Value), Math.Round(summary.P99Ms), Math.Round(summary.MaxMs)));
    }

    [Fact]
    public void a_run_recorded_before_p95_was_kept_shows_a_dash_for_it()
    {
        Assert.Equal("1.5 / - / 4", LatencyText.Of(new LatencySummary(10, 1.5, 2, null, 4, 9)));
        Assert.Equal("1.5 / 3 / 4", LatencyText.Of(new LatencySummary(10, 1.5, 2, 3, 4, 9)));
        Assert.Equal("-", LatencyText.Of(null));
    }
}
