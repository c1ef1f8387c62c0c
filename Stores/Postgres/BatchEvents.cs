using EventCommitLab.Contract.Model;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// A batch's events as the parallel arrays its statement unnests, in commit order: each event's commit (1-based),
/// position in its commit, type, tags (as JSON, and as the index of its list among the batch's distinct lists) and
/// payload.
/// </summary>
internal sealed record BatchEvents(int[] Commit, int[] Position, string[] Type, string[] Tags, int[] TagList, string[] TagLists, string[] Payload)
{
    public int Count => Commit.Length;

    public static BatchEvents Of(IReadOnlyList<CommitRequest> batch)
    {
        var count = 0;
        foreach (var request in batch)
        {
            count += request.Events.Count;
        }

        var (commit, position, type, tags, tagList, payload) = (new int[count], new int[count], new string[count], new string[count], new int[count], new string[count]);
        var lists = new DistinctTagLists();
        var e = 0;
        for (var c = 0; c < batch.Count; c++)
        {
            var commitEvents = batch[c].Events;
            for (var p = 0; p < commitEvents.Count; p++, e++)
            {
                (commit[e], position[e], type[e], tagList[e], payload[e]) = (c + 1, p, commitEvents[p].EventType, lists.IndexOf(commitEvents[p].Tags), commitEvents[p].Payload);
            }
        }

        var json = lists.Json;
        for (e = 0; e < count; e++)
        {
            tags[e] = json[tagList[e] - 1];
        }

        return new BatchEvents(commit, position, type, tags, tagList, json, payload);
    }
}
