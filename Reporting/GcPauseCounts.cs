using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>How many of a run's cases lost more than a hundredth, and more than a tenth, of their measured time to the garbage collector.</summary>
/// <param name="Measured">Cases whose pauses were measured.</param>
public sealed record GcPauseCounts(int Measured, int OverAHundredth, int OverATenth)
{
    /// <summary>The counts over <paramref name="cases"/>; null when none was measured (a run from before the pauses were).</summary>
    public static GcPauseCounts? Of(IReadOnlyCollection<CaseResult> cases)
    {
        ArgumentNullException.ThrowIfNull(cases);
        var shares = cases.Select(c => c.Process.GcPauseShare).OfType<double>().ToArray();
        return shares.Length == 0 ? null : new GcPauseCounts(shares.Length, shares.Count(s => s > 0.01), shares.Count(s => s > 0.1));
    }
}
