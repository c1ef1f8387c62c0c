using EventCommitLab.Contract.Port;

namespace EventCommitLab.SuitePorts.Faults;

/// <summary>A log the faults suite commits to while it hurts it. Disposing it removes the log.</summary>
public interface IFaultTarget : IAsyncDisposable
{
    IEventLog Log { get; }

    /// <summary>What another process needs to open this same log (given to the store's registration there).</summary>
    string Address { get; }

    /// <summary>Ends up to <paramref name="count"/> of the log's client connections, chosen at random; returns how many ended.</summary>
    Task<int> EndConnectionsAsync(int count, CancellationToken cancellationToken);

    /// <summary>Drops connections idle in the log's pools: one a fault ended must not serve the verifier's reads.</summary>
    void DropIdleConnections();
}
