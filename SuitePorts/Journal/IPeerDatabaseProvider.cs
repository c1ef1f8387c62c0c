namespace EventCommitLab.SuitePorts.Journal;

/// <summary>
/// A store that can give another system the lab measures beside its strategies (a peer, such as Akka's SQL journal) an
/// empty database of its own on the same server, at the same durability.
/// </summary>
public interface IPeerDatabaseProvider
{
    /// <summary>A new, empty database; disposing it drops it.</summary>
    Task<PeerDatabase> CreatePeerDatabaseAsync(CancellationToken cancellationToken);
}
