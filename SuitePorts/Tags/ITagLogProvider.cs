namespace EventCommitLab.SuitePorts.Tags;

/// <summary>A store that can build a tag log (<see cref="ITagLog"/>); the tags suite runs only on those.</summary>
public interface ITagLogProvider
{
    /// <summary>
    /// Builds, in a database of its own and with the store's fastest bulk path, a log of <paramref name="events"/>
    /// events at positions 1..events, each with a few common tags; for every n in <paramref name="taggedAtEnd"/> the
    /// last n events also carry the tag <c>last-{n}</c>.
    /// </summary>
    Task<ITagLog> BuildTagLogAsync(TagStorage storage, long events, IReadOnlyList<int> taggedAtEnd, CancellationToken cancellationToken);
}
