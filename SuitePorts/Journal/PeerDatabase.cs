namespace EventCommitLab.SuitePorts.Journal;

/// <summary>A database handed to a peer: how to reach it, which engine it is, and how it is dropped.</summary>
/// <param name="ConnectionString">In the engine's own driver's syntax (PostgreSQL: Npgsql's).</param>
/// <param name="Engine">The store's short name, e.g. <c>postgres</c>: the peer picks its SQL dialect from it.</param>
public sealed record PeerDatabase(string ConnectionString, string Engine, Func<ValueTask> Drop) : IAsyncDisposable
{
    public ValueTask DisposeAsync() => Drop();
}
