namespace EventCommitLab.Harness.Journal;

/// <summary>The original benchmark's outlier rule, stated once.</summary>
public static class JournalStatistics
{
    /// <summary>Iterations farther than this many standard deviations from the mean are dropped before the median.</summary>
    public const double ZScoreLimit = 2.0;

    /// <summary>The samples whose z-score is within <see cref="ZScoreLimit"/>; all of them when fewer than three or without spread.</summary>
    public static IReadOnlyList<double> WithoutOutliers(IReadOnlyList<double> samples)
    {
        ArgumentNullException.ThrowIfNull(samples);
        if (samples.Count < 3)
        {
            return samples;
        }

        var mean = samples.Average();
        var deviation = Math.Sqrt(samples.Sum(s => (s - mean) * (s - mean)) / (samples.Count - 1));
        return deviation == 0 ? samples : [.. samples.Where(s => Math.Abs(s - mean) / deviation <= ZScoreLimit)];
    }
}
