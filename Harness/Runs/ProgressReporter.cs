using System.Globalization;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Runs;

/// <summary>
/// Progress on the console: a line when a cell starts (which of how many, time spent, estimate left) and one when it
/// ends. Silent once the run is cancelled: the cases then end in cancellation, and their lines would read as results.
/// The estimate left is the cells so far's pace over the cells to come, and never more than the budget left: the plan
/// leaves cells out rather than pass it.
/// </summary>
/// <param name="budget">What the cells may take from now on; null for no budget.</param>
/// <param name="time">The clock; the system's unless a test gives its own.</param>
internal sealed class ProgressReporter(int cells, TextWriter output, CancellationToken cancelled, TimeSpan? budget = null, TimeProvider? time = null)
{
    private readonly TimeProvider _time = time ?? TimeProvider.System;
    private readonly long _start = (time ?? TimeProvider.System).GetTimestamp();
    private int _started;

    public void CellStarting(CellKey cell)
    {
        if (cancelled.IsCancellationRequested)
        {
            return;
        }

        var index = Interlocked.Increment(ref _started);
        var elapsed = _time.GetElapsedTime(_start);
        var pace = index > 1 ? TimeSpan.FromTicks(elapsed.Ticks / (index - 1) * (cells - index + 1)) : (TimeSpan?)null;
        var left = pace is { } estimate && budget is { } total ? TimeSpan.FromTicks(Math.Min(estimate.Ticks, Math.Max((total - elapsed).Ticks, 0))) : pace;
        output.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"[{index,3}/{cells}] {Format(elapsed)} elapsed, {(left is null ? "estimating" : $"~{Format(left.Value)} left")}: {cell}"));
    }

    public void Note(string line)
    {
        if (!cancelled.IsCancellationRequested)
        {
            output.WriteLine($"          {line}");
        }
    }

    public void CellFinished(IReadOnlyList<CaseResult> cases, CellVerdict? verdict)
    {
        ArgumentNullException.ThrowIfNull(cases);
        foreach (var failed in cases.Where(c => c.Failure is not null))
        {
            Note($"{failed.Contender} FAILED: {failed.Failure}");
        }

        foreach (var broken in cases.Where(c => c.Verification.Checked != VerificationKind.NotChecked && !c.Verification.Passed))
        {
            Note($"{broken.Contender}: BROKEN GUARANTEE ({string.Join(", ", broken.Verification.Violations.Where(v => v.IsFailure).Select(v => v.Kind))})");
        }

        if (verdict is null || verdict.Profiles.Count == 0)
        {
            Note("no strategy judged");
            return;
        }

        foreach (var profile in verdict.Profiles)
        {
            Note(string.Create(CultureInfo.InvariantCulture, $"{Engine.Racing.GuaranteeProfile.Get(profile.Profile).Title}: {Reporting.VerdictText.Of(profile)}"));
        }

        if (verdict.Ceiling is { } ceiling)
        {
            Note(string.Create(CultureInfo.InvariantCulture, $"ceiling {ceiling.Estimate:N0} events/s ({verdict.CeilingVariant})"));
        }
    }

    private static string Format(TimeSpan time) => time.TotalHours >= 1 ? time.ToString(@"h\:mm\:ss", CultureInfo.InvariantCulture) : time.ToString(@"mm\:ss", CultureInfo.InvariantCulture);
}
