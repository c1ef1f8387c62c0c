using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// Brings the store's sequence counter to the log's end once, before a strategy instance's first reservation: a counter
/// left behind the log (events written by a writer that numbers from the log) would make every commit collide with
/// numbers already taken, and one left ahead of it (numbers taken and never written) would leave a gap for good.
/// </summary>
/// <remarks>
/// It runs in its own transaction before the committer opens one, so committers waiting for it hold no connection (a
/// pool of them waiting on one that needs a connection would deadlock). Aligning twice does no harm, so an alignment
/// whose answer was lost is simply tried again.
/// </remarks>
internal sealed class SequenceCounterAlignment : IDisposable
{
    private readonly SemaphoreSlim _gate = new(1, 1);
    private volatile bool _aligned;

    public bool IsAligned => _aligned;

    public async Task EnsureAsync(IEventStore store, CancellationToken cancellationToken)
    {
        if (_aligned)
        {
            return;
        }

        await _gate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (_aligned)
            {
                return;
            }

            await using var transaction = await store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
            _ = await transaction.AlignSequenceCounterWithLogAsync(cancellationToken).ConfigureAwait(false);
            try
            {
                await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (store.Classify(e) == StoreErrorKind.OutcomeUnknown)
            {
                throw new WriteNotLandedException("The sequence counter's alignment lost its answer; aligning again does no harm", e);
            }

            _aligned = true;
        }
        finally
        {
            _gate.Release();
        }
    }

    public void Dispose() => _gate.Dispose();
}
