namespace EventCommitLab.SuitePorts.Tags;

/// <summary>
/// What the tags suite queries: a large log whose tags are stored one way (<see cref="TagStorage"/>), in which a few
/// tags mark only the events at its end (the worst case for a scan that reads from the start).
/// </summary>
public interface ITagLog : IAsyncDisposable
{
    TagStorage Storage { get; }

    /// <summary>How long building the log took: the rows, the tags and their indexes.</summary>
    TimeSpan BuildTime { get; }

    /// <summary>The log's size on disk, indexes included, in bytes.</summary>
    long Bytes { get; }

    /// <summary>Reads every event carrying <paramref name="tag"/>, in log order, and returns their positions as read.</summary>
    Task<IReadOnlyList<long>> QueryAsync(string tag, CancellationToken cancellationToken);
}
