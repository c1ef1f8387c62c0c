using System.Text.Json;
using EventCommitLab.Contract.Model;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// A batch's events as the parallel arrays its statement unnests, in commit order: each event's commit (1-based),
/// position in its commit, type, tags as JSON and payload.
/// </summary>
internal sealed record BatchEvents(int[] Commit, int[] Position, string[] Type, string[] Tags, string[] Payload)
{
    private const string NoTags = "[]";

    public int Count => Commit.Length;

    public static BatchEvents Of(IReadOnlyList<CommitRequest> batch)
    {
        var count = 0;
        foreach (var request in batch)
        {
            count += request.Events.Count;
        }

        var events = new BatchEvents(new int[count], new int[count], new string[count], new string[count], new string[count]);
        var e = 0;
        // Events of one commit usually share one tag list: each distinct list is serialised once, not once per event.
        IReadOnlyList<string>? lastTags = null;
        var lastTagsJson = NoTags;
        for (var c = 0; c < batch.Count; c++)
        {
            var commitEvents = batch[c].Events;
            for (var p = 0; p < commitEvents.Count; p++, e++)
            {
                var tags = commitEvents[p].Tags;
                if (!ReferenceEquals(tags, lastTags))
                {
                    (lastTags, lastTagsJson) = (tags, tags.Count == 0 ? NoTags : JsonSerializer.Serialize(tags));
                }

                (events.Commit[e], events.Position[e], events.Type[e], events.Tags[e], events.Payload[e]) =
                    (c + 1, p, commitEvents[p].EventType, lastTagsJson, commitEvents[p].Payload);
            }
        }

        return events;
    }
}
