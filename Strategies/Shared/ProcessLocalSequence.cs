using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// A sequence counter held in this process, started from the log's highest sequence number on first use. Numbers
/// taken by a commit that then fails are never given back (a gap), and a second process has its own counter.
/// </summary>
/// <remarks>
/// The first use reads the highest number through the caller's own session: a second connection here would deadlock
/// once every pooled connection is held by a committer waiting for this initialisation (seen with 100 committers
/// starting at once in a fresh process).
/// </remarks>
internal sealed class ProcessLocalSequence : IDisposable
{
    private readonly SemaphoreSlim _initialisation = new(1, 1);
    private long _next = -1;

    /// <summary>Takes <paramref name="count"/> consecutive numbers and returns the first.</summary>
    public async ValueTask<long> ReserveAsync(IStoreSession session, int count, CancellationToken cancellationToken)
    {
        if (Volatile.Read(ref _next) < 0)
        {
            await InitialiseAsync(session, cancellationToken).ConfigureAwait(false);
        }

        return Interlocked.Add(ref _next, count) - count;
    }

    public void Dispose() => _initialisation.Dispose();

    private async Task InitialiseAsync(IStoreSession session, CancellationToken cancellationToken)
    {
        await _initialisation.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (Volatile.Read(ref _next) >= 0)
            {
                return;
            }

            var highest = await session.ReadHighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false);
            Volatile.Write(ref _next, (highest ?? -1) + 1);
        }
        finally
        {
            _initialisation.Release();
        }
    }
}
