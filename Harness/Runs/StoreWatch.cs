using EventCommitLab.Contract.Port;

namespace EventCommitLab.Harness.Runs;

/// <summary>
/// Pings the store every second during a run. When it has not answered for a while, the run is stopped at once: the
/// cases in flight would otherwise retry against a dead server for minutes and be reported as the strategies' failures.
/// </summary>
internal sealed class StoreWatch : IAsyncDisposable
{
    private static readonly TimeSpan Every = TimeSpan.FromSeconds(1);
    private static readonly TimeSpan PingTimeout = TimeSpan.FromSeconds(3);
    private readonly CancellationTokenSource _stop;
    private readonly IEventStoreProvider _provider;
    private readonly TimeSpan _silence;
    private readonly Task _watching;
    private DateTime _lastAnswer = DateTime.UtcNow;

    private StoreWatch(IEventStoreProvider provider, TimeSpan silence, CancellationToken run)
    {
        _stop = CancellationTokenSource.CreateLinkedTokenSource(run);
        _provider = provider;
        _silence = silence;
        _watching = WatchAsync();
    }

    /// <summary>Cancelled with the run, or when the store stops answering.</summary>
    public CancellationToken Token => _stop.Token;

    /// <summary>Why the store was declared lost; null while it answers.</summary>
    public StoreLostException? Lost { get; private set; }

    public static StoreWatch Start(IEventStoreProvider provider, TimeSpan silence, CancellationToken run) => new(provider, silence, run);

    /// <summary>
    /// After a failure the watch has not (yet) blamed on the store: asks the store until it answers (null: the failure
    /// is someone else's) or has been silent long enough to be declared lost.
    /// </summary>
    public async Task<StoreLostException?> VerdictAsync()
    {
        while (Lost is null)
        {
            if (await TryPingAsync(CancellationToken.None).ConfigureAwait(false))
            {
                return null;
            }

            await Task.Delay(Every / 2, CancellationToken.None).ConfigureAwait(false);
        }

        return Lost;
    }

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync().ConfigureAwait(false);
        await _watching.ConfigureAwait(false);
        _stop.Dispose();
    }

    private async Task WatchAsync()
    {
        while (!_stop.IsCancellationRequested && Lost is null)
        {
            try
            {
                await Task.Delay(Every, _stop.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                return;
            }

            await TryPingAsync(_stop.Token).ConfigureAwait(false);
        }
    }

    /// <returns>True when the store answered; false when not (and it is declared lost once silent long enough).</returns>
    private async Task<bool> TryPingAsync(CancellationToken cancellationToken)
    {
        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(PingTimeout);
            await _provider.PingAsync(timeout.Token).ConfigureAwait(false);
            _lastAnswer = DateTime.UtcNow;
            return true;
        }
        catch (Exception) when (cancellationToken.IsCancellationRequested)
        {
            return false;
        }
        catch (Exception e)
        {
            var silent = DateTime.UtcNow - _lastAnswer;
            if (silent >= _silence && Lost is null)
            {
                Lost = new StoreLostException(_provider.Name, silent, e);
                await _stop.CancelAsync().ConfigureAwait(false);
            }

            return false;
        }
    }
}
