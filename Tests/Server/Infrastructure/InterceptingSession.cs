using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>A real session whose writes first give the <see cref="InterceptingEventStore"/>'s hooks their turn.</summary>
internal sealed class InterceptingSession(InterceptingEventStore store, IStoreSession inner) : IStoreSession
{
    public Task<long> CountEventsAsync(CancellationToken cancellationToken) => inner.CountEventsAsync(cancellationToken);

    public Task<long?> ReadHighestSequenceNumberAsync(CancellationToken cancellationToken) => inner.ReadHighestSequenceNumberAsync(cancellationToken);

    public Task<long> ReserveSequenceNumbersAsync(int count, CancellationToken cancellationToken) => inner.ReserveSequenceNumbersAsync(count, cancellationToken);

    public Task<long> AlignSequenceCounterWithLogAsync(CancellationToken cancellationToken) => inner.AlignSequenceCounterWithLogAsync(cancellationToken);

    public async Task InsertEventAsync(StoredEvent storedEvent, CancellationToken cancellationToken)
    {
        await store.InterceptAsync(InterceptingEventStore.InsertEvent);
        await inner.InsertEventAsync(storedEvent, cancellationToken);
    }

    public async Task InsertEventsAsync(IReadOnlyList<StoredEvent> storedEvents, CancellationToken cancellationToken)
    {
        await store.InterceptAsync(InterceptingEventStore.InsertEvents);
        await inner.InsertEventsAsync(storedEvents, cancellationToken);
    }

    public async Task<IReadOnlyList<long>> InsertEventsNumberedByServerAsync(CommitRequest request, bool recordTransaction, CancellationToken cancellationToken)
    {
        await store.InterceptAsync(InterceptingEventStore.InsertEvents);
        return await inner.InsertEventsNumberedByServerAsync(request, recordTransaction, cancellationToken);
    }

    public Task<long> ReadAggregateVersionAsync(AggregateKey aggregate, CancellationToken cancellationToken) => inner.ReadAggregateVersionAsync(aggregate, cancellationToken);

    public Task<AggregateVersionCheck> TryAdvanceAggregateVersionAsync(
        AggregateKey aggregate, long expectedVersion, long nextVersion, CancellationToken cancellationToken) =>
        inner.TryAdvanceAggregateVersionAsync(aggregate, expectedVersion, nextVersion, cancellationToken);

    public Task<bool> AnyEventMatchesAsync(AppendCondition condition, CancellationToken cancellationToken) => inner.AnyEventMatchesAsync(condition, cancellationToken);

    public Task CommitAsync(CancellationToken cancellationToken) => inner.CommitAsync(cancellationToken);

    public ValueTask DisposeAsync() => inner.DisposeAsync();
}
