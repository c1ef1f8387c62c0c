using EventCommitLab.Contract.Model;

namespace EventCommitLab.Verification;

/// <summary>
/// One event as the caller handed it over, to hold the log's copy to: its fields as they are, its tags and payload as
/// digests (<see cref="JsonDigest"/>), so a ledger of a whole run stays small.
/// </summary>
/// <param name="AggregateVersion">The version this event gives its aggregate; null for a plain commit's event.</param>
public readonly record struct EventFingerprint(
    string EventSource, string EventType, string? AggregateType, long? AggregateVersion, ulong TagsDigest, ulong PayloadDigest)
{
    /// <summary>The events of <paramref name="request"/> in order, with the aggregate versions they must carry once written.</summary>
    public static EventFingerprint[] Of(CommitRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        var fingerprints = new EventFingerprint[request.Events.Count];
        for (var i = 0; i < fingerprints.Length; i++)
        {
            var e = request.Events[i];
            fingerprints[i] = new EventFingerprint(
                e.EventSource,
                e.EventType,
                request.Aggregate?.Aggregate.AggregateType,
                request.Aggregate is null ? null : request.Aggregate.ExpectedVersion + 1 + i,
                JsonDigest.OfList(e.Tags),
                JsonDigest.Of(e.Payload));
        }

        return fingerprints;
    }

    /// <summary>An event as the log holds it.</summary>
    public static EventFingerprint Of(StoredEvent stored)
    {
        ArgumentNullException.ThrowIfNull(stored);
        return new EventFingerprint(
            stored.EventSource, stored.EventType, stored.AggregateType, stored.AggregateVersion, JsonDigest.OfList(stored.Tags), JsonDigest.Of(stored.Payload));
    }

    /// <summary>What differs between the caller's event (this) and the log's, in words; empty when nothing does.</summary>
    public IReadOnlyList<string> Differences(EventFingerprint inLog)
    {
        var differences = new List<string>();
        if (inLog.EventType != EventType)
        {
            differences.Add($"type '{inLog.EventType}' (committed '{EventType}')");
        }

        if (inLog.EventSource != EventSource)
        {
            differences.Add($"event source '{inLog.EventSource}' (committed '{EventSource}')");
        }

        if (inLog.AggregateType != AggregateType || inLog.AggregateVersion != AggregateVersion)
        {
            differences.Add($"aggregate {inLog.AggregateType ?? "none"} version {inLog.AggregateVersion?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "none"} "
                + $"(committed {AggregateType ?? "none"} version {AggregateVersion?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "none"})");
        }

        if (inLog.TagsDigest != TagsDigest)
        {
            differences.Add("other tags");
        }

        if (inLog.PayloadDigest != PayloadDigest)
        {
            differences.Add("another payload");
        }

        return differences;
    }
}
