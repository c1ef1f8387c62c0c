namespace EventCommitLab.Strategies.Port;

/// <summary>How an event log stores its events' tags, as the tags suite compares them.</summary>
public enum TagStorage
{
    /// <summary>A JSON array column with a GIN index, matched by containment (the lab's own log stores tags as JSON).</summary>
    JsonArrayGin,

    /// <summary>A comma-separated text column matched with LIKE, as Akka's Csv tag mode.</summary>
    CommaSeparatedLike,

    /// <summary>A table of (tag, position) rows beside the events, as Akka's TagTable mode.</summary>
    TagTable,
}
