namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// Samples the process's working set on its own task until disposed, keeping the largest: what a load held in memory
/// (the whole process's, so whatever the runtime kept from earlier work is part of it).
/// </summary>
internal sealed class WorkingSetSampler : IAsyncDisposable
{
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _sampling;
    private long _peak;

    private WorkingSetSampler(TimeSpan every)
    {
        // Sampled at once and again when disposed: on a busy thread pool the sampling task may first run only after
        // the load it watches has ended, and a peak must never read as nothing.
        _peak = ResidentBytes();
        _sampling = Task.Run(async () =>
        {
            while (!_stop.IsCancellationRequested)
            {
                Interlocked.Exchange(ref _peak, Math.Max(Interlocked.Read(ref _peak), ResidentBytes()));
                try
                {
                    await Task.Delay(every, _stop.Token).ConfigureAwait(false);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        }, CancellationToken.None);
    }

    /// <summary>The largest working set sampled so far, in bytes.</summary>
    public long PeakBytes => Interlocked.Read(ref _peak);

    public static WorkingSetSampler Start(TimeSpan every) => new(every);

    /// <summary>
    /// The process's resident memory. On Linux from /proc/self/statm (one short read): the process class refreshes its
    /// whole record and every thread's to give the same figure, several times the CPU in the measured rounds it samples.
    /// </summary>
    private static long ResidentBytes()
    {
        if (OperatingSystem.IsLinux())
        {
            try
            {
                var fields = File.ReadAllText("/proc/self/statm").Split(' ', 3);
                return long.Parse(fields[1], System.Globalization.CultureInfo.InvariantCulture) * Environment.SystemPageSize;
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException or IndexOutOfRangeException)
            {
                // A procfs that cannot be read falls back to what the runtime reports.
            }
        }

        return Environment.WorkingSet;
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync().ConfigureAwait(false);
        await _sampling.ConfigureAwait(false);
        Interlocked.Exchange(ref _peak, Math.Max(Interlocked.Read(ref _peak), ResidentBytes()));
        _stop.Dispose();
    }
}
