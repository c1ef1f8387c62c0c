using EventCommitLab.Strategies.Model;

namespace EventCommitLab.Strategies.Port;

/// <summary>What the verifier reads of an event log: only what is stored, never what a strategy holds.</summary>
public interface IEventLogReader
{
    /// <summary>The next number the store's sequence counter would hand out, or null when the store keeps none.</summary>
    Task<long?> ReadSequenceCounterAsync(CancellationToken cancellationToken);

    /// <summary>The whole log in sequence order, as committed.</summary>
    IAsyncEnumerable<StoredEvent> ReadLogAsync(CancellationToken cancellationToken);

    /// <summary>Every aggregate's stored version.</summary>
    IAsyncEnumerable<AggregateVersionRecord> ReadAggregateVersionsAsync(CancellationToken cancellationToken);
}
