using System.Text.Json;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// A statement's distinct tag lists as JSON, each sent once as an element of one jsonb[] parameter that its rows
/// index (from 1): the server parses each list once instead of once per event, and the client serialises it once.
/// Consecutive events usually carry equal lists, often as separate list objects, so each list is compared with the last
/// one seen before it is serialised.
/// </summary>
internal sealed class DistinctTagLists
{
    private readonly List<string> _json = [];
    private readonly Dictionary<string, int> _indexByJson = new(StringComparer.Ordinal);
    private IReadOnlyList<string>? _last;
    private int _lastIndex;

    /// <summary>The lists as JSON, in the order their indexes were given.</summary>
    public string[] Json => [.. _json];

    /// <summary>The 1-based index of <paramref name="tags"/>' list, added if not seen before.</summary>
    public int IndexOf(IReadOnlyList<string> tags)
    {
        if (_last is not null && SameTags(tags, _last))
        {
            return _lastIndex;
        }

        var json = JsonSerializer.Serialize(tags);
        if (!_indexByJson.TryGetValue(json, out var index))
        {
            _json.Add(json);
            _indexByJson[json] = index = _json.Count;
        }

        (_last, _lastIndex) = (tags, index);
        return index;
    }

    private static bool SameTags(IReadOnlyList<string> tags, IReadOnlyList<string> last)
    {
        if (ReferenceEquals(tags, last))
        {
            return true;
        }

        if (tags.Count != last.Count)
        {
            return false;
        }

        for (var i = 0; i < tags.Count; i++)
        {
            if (!string.Equals(tags[i], last[i], StringComparison.Ordinal))
            {
                return false;
            }
        }

        return true;
    }
}
