using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Verification;

/// <summary>The log, the aggregate versions and the sequence counter as the database holds them, read once.</summary>
/// <param name="CounterNext">The next number the store's counter would hand out; null when the store keeps none.</param>
public sealed record EventLogSnapshot(IReadOnlyList<StoredEvent> Events, IReadOnlyList<AggregateVersionRecord> Aggregates, long? CounterNext = null)
{
    public static async Task<EventLogSnapshot> ReadAsync(IEventLogReader store, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(store);
        var events = new List<StoredEvent>();
        await foreach (var e in store.ReadLogAsync(cancellationToken).ConfigureAwait(false))
        {
            events.Add(e);
        }

        var aggregates = new List<AggregateVersionRecord>();
        await foreach (var a in store.ReadAggregateVersionsAsync(cancellationToken).ConfigureAwait(false))
        {
            aggregates.Add(a);
        }

        return new EventLogSnapshot(events, aggregates, await store.ReadSequenceCounterAsync(cancellationToken).ConfigureAwait(false));
    }
}
