using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.SuitePorts.Floor;

/// <summary>A store that can measure its engine's floor (<see cref="IKeyValueFloor"/>); the floor suite runs only on those.</summary>
public interface IKeyValueFloorProvider
{
    /// <summary>A new, empty key-value table on its own connection; <paramref name="durable"/>: every commit waits for its flush.</summary>
    Task<IKeyValueFloor> OpenKeyValueFloorAsync(bool durable, CancellationToken cancellationToken);

    /// <summary>
    /// The same single-row inserts through the store's own benchmark tool (PostgreSQL: pgbench), for
    /// <paramref name="duration"/>, as a cross-check of the lab's client; null when the tool is not installed.
    /// </summary>
    Task<StoreToolInsertRate?> MeasureInsertsWithStoreToolAsync(bool durable, TimeSpan duration, CancellationToken cancellationToken);
}
