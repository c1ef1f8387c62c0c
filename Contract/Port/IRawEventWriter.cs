using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract.Port;

/// <summary>What the harness's raw ceiling writes with: the database's fastest path, which no strategy is given.</summary>
public interface IRawEventWriter
{
    /// <summary>
    /// Writes events and sets aggregate versions the store's fastest way, in one round trip where the store allows it,
    /// with no sequence logic and no checks, at the store's configured durability. Only for the harness's raw ceiling,
    /// never for a strategy: it is what the database can take, the bound every strategy is measured against.
    /// </summary>
    Task WriteRawAsync(IReadOnlyList<StoredEvent> storedEvents, IReadOnlyList<AggregateVersionRecord> aggregateVersions, CancellationToken cancellationToken);
}
