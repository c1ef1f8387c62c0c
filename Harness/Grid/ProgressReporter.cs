using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Harness.Reporting;

namespace EventCommitLab.Harness.Grid;

/// <summary>One line per case on the console: which case of how many, time spent, a rough estimate of what is left.</summary>
internal sealed class ProgressReporter(int cases, TextWriter output)
{
    private readonly Stopwatch _elapsed = Stopwatch.StartNew();
    private int _started;

    public void CaseStarting(CaseKey key)
    {
        var index = Interlocked.Increment(ref _started);
        var elapsed = _elapsed.Elapsed;
        var left = index > 1 ? TimeSpan.FromTicks(elapsed.Ticks / (index - 1) * (cases - index + 1)) : (TimeSpan?)null;
        output.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"[{index,3}/{cases}] {Format(elapsed)} elapsed, {(left is null ? "estimating" : $"~{Format(left.Value)} left")}: {key}"));
    }

    public void CaseFinished(CaseResult result)
    {
        var outcome = result.Failure is { } failure
            ? $"FAILED: {failure}"
            : string.Create(CultureInfo.InvariantCulture, $"{result.Waves} waves, p50 {result.P50Ms:0.##} ms, p99 {result.P99Ms:0.##} ms; {result.Verdict}");
        output.WriteLine($"          {outcome}");
    }

    private static string Format(TimeSpan time) => time.TotalHours >= 1 ? time.ToString(@"h\:mm\:ss", CultureInfo.InvariantCulture) : time.ToString(@"mm\:ss", CultureInfo.InvariantCulture);
}
