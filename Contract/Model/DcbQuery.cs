namespace EventCommitLab.Contract.Model;

/// <summary>A DCB query: an event matches when it matches any of its items.</summary>
public sealed record DcbQuery(IReadOnlyList<DcbQueryItem> Items)
{
    /// <summary>The events of <paramref name="types"/> carrying every one of <paramref name="tags"/>.</summary>
    public static DcbQuery Of(IReadOnlyList<string> types, params IReadOnlyList<string> tags) => new([new DcbQueryItem(types, tags)]);

    public bool Matches(DcbEvent candidate)
    {
        ArgumentNullException.ThrowIfNull(candidate);
        return Items.Any(i => i.Matches(candidate.Type, candidate.Tags as IReadOnlyCollection<string> ?? [.. candidate.Tags]));
    }
}
