using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>One session's transaction on the emulated server: its snapshot of the data, the writes to apply at commit and the documents they touch.</summary>
internal sealed class ServerTransaction(long number, Dictionary<string, List<BsonDocument>> data, long snapshot)
{
    public long Number { get; } = number;

    /// <summary>How many writes had been committed when the snapshot was taken.</summary>
    public long Snapshot { get; } = snapshot;

    /// <summary>The documents ("namespace|_id") this transaction wrote: another writer of one of them conflicts.</summary>
    public HashSet<string> Written { get; } = new(StringComparer.Ordinal);

    public Dictionary<string, List<BsonDocument>> Data { get; } = data;

    public List<(string Name, BsonDocument Command)> Writes { get; } = [];

    public ServerTransactionState State { get; set; } = ServerTransactionState.Active;
}
