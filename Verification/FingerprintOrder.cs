namespace EventCommitLab.Verification;

/// <summary>Any fixed order of fingerprints, to compare two commits' events as sets.</summary>
internal sealed class FingerprintOrder : IComparer<EventFingerprint>
{
    public static FingerprintOrder Instance { get; } = new();

    public int Compare(EventFingerprint x, EventFingerprint y)
    {
        var byPayload = x.PayloadDigest.CompareTo(y.PayloadDigest);
        if (byPayload != 0)
        {
            return byPayload;
        }

        var byTags = x.TagsDigest.CompareTo(y.TagsDigest);
        if (byTags != 0)
        {
            return byTags;
        }

        var byType = string.CompareOrdinal(x.EventType, y.EventType);
        if (byType != 0)
        {
            return byType;
        }

        var bySource = string.CompareOrdinal(x.EventSource, y.EventSource);
        if (bySource != 0)
        {
            return bySource;
        }

        var byAggregateType = string.CompareOrdinal(x.AggregateType, y.AggregateType);
        return byAggregateType != 0 ? byAggregateType : Nullable.Compare(x.AggregateVersion, y.AggregateVersion);
    }
}
