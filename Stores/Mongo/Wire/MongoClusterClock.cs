using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// The highest $clusterTime a client has seen in any reply, which it sends with every command (gossip), as the
/// sessions specification asks: a server behind the cluster's time then waits for it before reading, which keeps
/// causally consistent reads correct across members. Thread-safe.
/// </summary>
public sealed class MongoClusterClock
{
    private readonly Lock _gate = new();
    private BsonDocument? _current;

    /// <summary>The $clusterTime document (clusterTime and signature) to send; null until a server reported one.</summary>
    public BsonDocument? Current
    {
        get
        {
            lock (_gate)
            {
                return _current;
            }
        }
    }

    /// <summary>Takes a reply's $clusterTime if it is later than the one held.</summary>
    public void Advance(BsonDocument reply)
    {
        ArgumentNullException.ThrowIfNull(reply);
        if (!reply.TryGetValue("$clusterTime", out var value) || value is not BsonDocument clusterTime
            || !clusterTime.TryGetValue("clusterTime", out var time) || time is not BsonTimestamp timestamp)
        {
            return;
        }

        lock (_gate)
        {
            if (_current is null || timestamp > _current["clusterTime"].AsBsonTimestamp)
            {
                _current = clusterTime;
            }
        }
    }
}
