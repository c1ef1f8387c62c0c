using System.Diagnostics;

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
        _sampling = Task.Run(async () =>
        {
            using var process = Process.GetCurrentProcess();
            while (!_stop.IsCancellationRequested)
            {
                process.Refresh();
                Interlocked.Exchange(ref _peak, Math.Max(Interlocked.Read(ref _peak), process.WorkingSet64));
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

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync().ConfigureAwait(false);
        await _sampling.ConfigureAwait(false);
        _stop.Dispose();
    }
}
