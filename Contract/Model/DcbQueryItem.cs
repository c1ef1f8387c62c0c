namespace EventCommitLab.Contract.Model;

/// <summary>
/// One item of a DCB query: an event matches when its type is one of <see cref="Types"/> (any type when empty) and it
/// carries every one of <see cref="Tags"/>.
/// </summary>
public sealed record DcbQueryItem(IReadOnlyList<string> Types, IReadOnlyList<string> Tags)
{
    public bool Matches(string type, IReadOnlyCollection<string> tags) =>
        (Types.Count == 0 || Types.Contains(type, StringComparer.Ordinal)) && Tags.All(tags.Contains);
}
