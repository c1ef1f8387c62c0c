namespace EventCommitLab.Contract.Port;

/// <summary>
/// A database server the lab may use (a private one it started, or one it was pointed at). It hands out fresh, empty
/// event logs; disposing a store removes its log, disposing the provider stops what the lab started.
/// </summary>
public interface IEventStoreProvider : IAsyncDisposable
{
    /// <summary>The store's short name as the command line takes it, e.g. <c>postgres</c>.</summary>
    string Name { get; }

    /// <summary>The server, its version and the settings that matter for commit cost, for table headers.</summary>
    string Description { get; }

    /// <summary>
    /// What a review of this store's figures must know that the strategies' descriptions, written for PostgreSQL, do
    /// not say (where the store behaves differently under the same strategy); null when nothing. The verdict page states it.
    /// </summary>
    string? Caveat => null;

    /// <summary>
    /// The durabilities the store offers a log, by the names the command line takes (PostgreSQL: durable,
    /// async-commit; MongoDB: its write concerns); the provider's own is <see cref="Durability"/>.
    /// </summary>
    IReadOnlyList<string> Durabilities { get; }

    /// <summary>The durability of the logs <see cref="CreateFreshLogAsync(CancellationToken)"/> creates.</summary>
    string Durability { get; }

    /// <summary>Creates a new, empty event log with its schema, at the provider's <see cref="Durability"/>.</summary>
    Task<IEventLog> CreateFreshLogAsync(CancellationToken cancellationToken);

    /// <summary>Creates a new, empty event log with its schema whose commits are as durable as <paramref name="durability"/> says.</summary>
    /// <param name="durability">One of <see cref="Durabilities"/>.</param>
    /// <exception cref="ArgumentException">A durability the store does not offer.</exception>
    Task<IEventLog> CreateFreshLogAsync(string durability, CancellationToken cancellationToken);

    /// <summary>
    /// Brings the server to a quiet state before a measured round (PostgreSQL: a CHECKPOINT, so that the flush of
    /// earlier rounds' dirty pages does not land in this one). Returns false when the server would not (no right to).
    /// </summary>
    Task<bool> SettleAsync(CancellationToken cancellationToken);

    /// <summary>Asks the server the cheapest question it answers; throws when it does not answer.</summary>
    Task PingAsync(CancellationToken cancellationToken);
}
