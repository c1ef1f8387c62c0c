using System.Collections.Concurrent;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// The server sessions (their lsid) of writes whose answer was lost. Before a lost commit is looked up, the store ends
/// them on the server (killSessions), so that no such write can still take effect after the lookup has answered.
/// </summary>
internal sealed class MongoSessionsInDoubt
{
    private readonly ConcurrentQueue<BsonDocument> _sessions = new();

    /// <summary>
    /// Records the session's id for the lookup to end, and marks the session dirty, so that the driver's pool discards its
    /// server session when it is disposed instead of handing the same id to the next commit (the driver marks a session
    /// dirty only after a network error; a write-concern timeout, a cancellation or <c>maxTimeMS</c> would otherwise
    /// leave the id in the pool, and the lookup's <c>killSessions</c> would end an innocent commit's transaction).
    /// </summary>
    public void Add(IClientSessionHandle session)
    {
        ArgumentNullException.ThrowIfNull(session);
        session.WrappedCoreSession.MarkDirty();
        _sessions.Enqueue(session.ServerSession.Id);
    }

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
