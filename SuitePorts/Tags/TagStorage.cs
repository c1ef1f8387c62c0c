namespace EventCommitLab.SuitePorts.Tags;

/// <summary>How an event log stores its events' tags, as the tags suite compares them.</summary>
public enum TagStorage
{
    /// <summary>A JSON array column with a GIN index, matched by containment (the lab's own log stores tags as JSON).</summary>
    JsonArrayGin,

    /// <summary>A comma-separated text column matched with LIKE, as Akka's Csv tag mode.</summary>
    CommaSeparatedLike,

    /// <summary>A table of (tag, position) rows beside the events, joined to them, as Akka's TagTable mode queries it.</summary>
    TagTable,

    /// <summary>The same two tables as <see cref="TagTable"/>, queried for the tag's positions first and then the events by key.</summary>
    TagTablePositionsFirst,
}
