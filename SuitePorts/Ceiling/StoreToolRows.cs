namespace EventCommitLab.SuitePorts.Ceiling;

/// <summary>Where the store's own tool makes the rows it inserts.</summary>
public enum StoreToolRows
{
    /// <summary>The rows are built on the server from one prepared statement: the client sends almost nothing.</summary>
    BuiltOnServer,

    /// <summary>
    /// Every event's payload is sent by the client with each statement, as the lab sends them; the numbers, ids, type
    /// and tags are still made on the server.
    /// </summary>
    SentByClient,

    /// <summary>
    /// Every column of every row is sent by the client with each statement, one text array per column unnested on the
    /// server, as the lab's own insert statement sends them; only the numbers are made on the server (the tool cannot
    /// vary a sent value from one statement to the next).
    /// </summary>
    EveryColumnSentByClient,
}
