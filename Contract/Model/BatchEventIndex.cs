namespace EventCommitLab.Contract.Model;

/// <summary>
/// The events a batch writes ahead of a commit, indexed by tag, to ask whether a condition matches any of them. They are
/// numbered after every position a caller can have read, so any of them matching a query breaks the condition, whatever
/// its position. A tagged query item can only match events carrying its first tag, so a batch of n commits is decided in
/// about n lookups, not n x n matches.
/// </summary>
public sealed class BatchEventIndex
{
    private readonly Dictionary<string, List<(string Type, IReadOnlyList<string> Tags)>> _byTag = new(StringComparer.Ordinal);
    private readonly List<(string Type, IReadOnlyList<string> Tags)> _all = [];

    public void Add(string type, IReadOnlyList<string> tags)
    {
        ArgumentNullException.ThrowIfNull(tags);
        var entry = (type, tags);
        _all.Add(entry);
        foreach (var tag in tags.Distinct(StringComparer.Ordinal))
        {
            if (!_byTag.TryGetValue(tag, out var carrying))
            {
                _byTag[tag] = carrying = [];
            }

            carrying.Add(entry);
        }
    }

    public bool AnyMatches(DcbQuery query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.Items.Any(item =>
        {
            var candidates = item.Tags.Count == 0 ? _all : _byTag.GetValueOrDefault(item.Tags[0]);
            return candidates is not null && candidates.Exists(e => item.Matches(e.Type, e.Tags as IReadOnlyCollection<string> ?? [.. e.Tags]));
        });
    }
}
