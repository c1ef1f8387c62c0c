using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// Pings the store every second during a run. When it has not answered for a while, the run is stopped at once: the
/// cases in flight would otherwise retry against a dead server for minutes and be reported as the strategies' failures.
/// </summary>
internal sealed class StoreWatch : IAsyncDisposable
{
    private static readonly TimeSpan Every = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan PingTimeout = TimeSpan.FromSeconds(3);
    private readonly CancellationTokenSource _stop;
    private readonly Task _watching;

    private StoreWatch(IEventStoreProvider provider, TimeSpan silence, CancellationToken run)
    {
        _stop = CancellationTokenSource.CreateLinkedTokenSource(run);
        _watching = WatchAsync(provider, silence);
    }

    /// <summary>Cancelled with the run, or when the store stops answering.</summary>
    public CancellationToken Token => _stop.Token;

    /// <summary>Why the store was declared lost; null while it answers.</summary>
    public StoreLostException? Lost { get; private set; }

    public static StoreWatch Start(IEventStoreProvider provider, TimeSpan silence, CancellationToken run) => new(provider, silence, run);

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync().ConfigureAwait(false);
        await _watching.ConfigureAwait(false);
        _stop.Dispose();
    }

    private async Task WatchAsync(IEventStoreProvider provider, TimeSpan silence)
    {
        var lastAnswer = DateTime.UtcNow;
        while (!_stop.IsCancellationRequested)
        {
            try
            {
                await Task.Delay(Every, _stop.Token).ConfigureAwait(false);
                using var timeout = CancellationTokenSource.CreateLinkedTokenSource(_stop.Token);
                timeout.CancelAfter(PingTimeout);
                await provider.PingAsync(timeout.Token).ConfigureAwait(false);
                lastAnswer = DateTime.UtcNow;
            }
            catch (OperationCanceledException) when (_stop.IsCancellationRequested)
            {
                return;
            }
            catch (Exception e)
            {
                if (DateTime.UtcNow - lastAnswer >= silence)
                {
                    Lost = new StoreLostException(provider.Name, DateTime.UtcNow - lastAnswer, e);
                    await _stop.CancelAsync().ConfigureAwait(false);
                    return;
                }
            }
        }
    }
}
