namespace EventCommitLab.SuitePorts.Floor;

/// <summary>
/// What the floor suite measures: the engine's own floor under every strategy, as the ESENT measurement does it. One
/// table of an 8-byte key and a 32-byte value, one client connection, one statement per call, no event logic.
/// </summary>
public interface IKeyValueFloor : IAsyncDisposable
{
    /// <summary>Inserts one row in its own commit, at the durability the floor was opened with.</summary>
    Task InsertAsync(long key, ReadOnlyMemory<byte> value, CancellationToken cancellationToken);

    /// <summary>Reads one row by key; returns its value's length, or -1 when there is no such row.</summary>
    Task<int> ReadAsync(long key, CancellationToken cancellationToken);

    /// <summary>Reads every row in key order; returns how many it read.</summary>
    Task<long> ScanAsync(CancellationToken cancellationToken);
}
