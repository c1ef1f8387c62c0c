using EventCommitLab.Contract.Port;
using EventCommitLab.SuitePorts.Faults;

namespace EventCommitLab.Stores.Postgres;

/// <summary>A fresh database the faults suite hurts: its connections ended through the administrator's, its address a connection string.</summary>
internal sealed class PostgresFaultTarget(PostgresEventStore store, PostgresStoreProvider provider) : IFaultTarget
{
    public IEventLog Log => store;

    public string Address => store.ConnectionString;

    public Task<int> EndConnectionsAsync(int count, CancellationToken cancellationToken) =>
        provider.TerminateBackendsAsync(store.DatabaseName, count, cancellationToken);

    public void DropIdleConnections() => store.DropIdleConnections();

    public async Task<long?> CountDeadlocksAsync(CancellationToken cancellationToken) =>
        await provider.CountDeadlocksAsync(store.DatabaseName, cancellationToken).ConfigureAwait(false);

    public ValueTask DisposeAsync() => store.DisposeAsync();
}
