using EventCommitLab.Contract.Model;

namespace EventCommitLab.SuitePorts.Dcb;

/// <summary>What readers and the DCB verifier read from a DCB log.</summary>
public interface IDcbLogReader
{
    /// <summary>
    /// Up to <paramref name="limit"/> events after position <paramref name="after"/> in position order: those matching
    /// <paramref name="query"/>, or every event when it is null.
    /// </summary>
    Task<IReadOnlyList<DcbStoredEvent>> ReadAsync(DcbQuery? query, long after, int limit, CancellationToken cancellationToken);

    /// <summary>The highest position written (0 when the log is empty).</summary>
    Task<long> HeadAsync(CancellationToken cancellationToken);
}
