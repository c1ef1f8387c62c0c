namespace EventCommitLab.Contract.Port;

/// <summary>
/// How a database's own client library retries a transaction that failed with a transient error, where it says: the
/// n-th retry (from 0) waits a uniform random share of <c>min(Initial · Growth^n, Max)</c>, and retries go on until the
/// commit's total time runs out, with no bound on their number. A store that names one has the lab's strategies retry
/// the way an application on its driver would, so a figure that includes retries includes that database's retry cost
/// rather than the lab's.
/// </summary>
/// <param name="Initial">The longest wait before the first retry.</param>
/// <param name="Max">No wait is longer than this.</param>
/// <param name="Growth">How much longer each wait may be than the one before, until <paramref name="Max"/>.</param>
/// <param name="Source">Where the client library documents it, for the page and the docs.</param>
public sealed record TransientRetryGuidance(TimeSpan Initial, TimeSpan Max, double Growth, string Source)
{
    /// <summary>The wait before retry <paramref name="retry"/> (0 for the first) at <paramref name="jitter"/> in [0, 1].</summary>
    /// <exception cref="ArgumentOutOfRangeException">A negative retry or a jitter outside [0, 1].</exception>
    public TimeSpan DelayBefore(int retry, double jitter)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(retry);
        if (jitter is < 0 or > 1)
        {
            throw new ArgumentOutOfRangeException(nameof(jitter), jitter, "The jitter is a share of the longest wait, in [0, 1].");
        }

        // Computed in milliseconds and capped before it becomes a TimeSpan: Growth^n overflows TimeSpan long before the cap.
        var longest = Math.Min(Initial.TotalMilliseconds * Math.Pow(Growth, retry), Max.TotalMilliseconds);
        return TimeSpan.FromMilliseconds(jitter * longest);
    }
}
