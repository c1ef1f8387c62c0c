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

    /// <summary>
    /// How many deadlocks the server has broken, by failing one of the transactions, among the log's clients since the log
    /// was made (counted when a client's statistics reach the server: at the latest when it disconnects); null where the
    /// store keeps no such count.
    /// </summary>
    Task<long?> CountDeadlocksAsync(CancellationToken cancellationToken);
}
