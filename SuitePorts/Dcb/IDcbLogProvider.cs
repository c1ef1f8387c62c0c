namespace EventCommitLab.SuitePorts.Dcb;

/// <summary>A store that can hold DCB logs; the dcb and reads suites run only on those.</summary>
public interface IDcbLogProvider
{
    /// <summary>An empty DCB log in a database of its own, at the store's durability, dropped when disposed.</summary>
    Task<IDcbLog> CreateDcbLogAsync(CancellationToken cancellationToken);
}
