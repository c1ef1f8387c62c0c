using System.Collections.Concurrent;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// The server sessions (their lsid) of writes whose answer was lost. Before a lost commit is looked up, the store ends
/// them on the server (killSessions), so that no such write can still take effect after the lookup has answered.
/// </summary>
internal sealed class MongoSessionsInDoubt
{
    private readonly ConcurrentQueue<BsonDocument> _sessions = new();

    public void Add(BsonDocument sessionId) => _sessions.Enqueue(sessionId);

    /// <summary>Every session added since the last take.</summary>
    public IReadOnlyList<BsonDocument> TakeAll()
    {
        var taken = new List<BsonDocument>();
        while (_sessions.TryDequeue(out var id))
        {
            taken.Add(id);
        }

        return taken;
    }

    /// <summary>Puts back sessions a failed kill could not end, for the next lookup.</summary>
    public void Return(IEnumerable<BsonDocument> sessionIds)
    {
        foreach (var id in sessionIds)
        {
            _sessions.Enqueue(id);
        }
    }
}
