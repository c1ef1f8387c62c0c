namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// The client's pool of server sessions, most recently used first, as the sessions specification asks: a session
/// about to time out on the server (idle for longer than logicalSessionTimeoutMinutes less one minute) is dropped
/// rather than reused, and so is a dirty one. Without a pool every transaction would open a server session of its
/// own, and a long benchmark would fill the server's session cache. Thread-safe.
/// </summary>
public sealed class MongoServerSessionPool(TimeProvider time, TimeSpan serverSessionTimeout)
{
    private readonly Lock _gate = new();
    private readonly LinkedList<MongoServerSession> _idle = [];

    public MongoServerSessionPool()
        : this(TimeProvider.System, TimeSpan.FromMinutes(30))
    {
    }

    public int IdleCount
    {
        get
        {
            lock (_gate)
            {
                return _idle.Count;
            }
        }
    }

    public MongoServerSession Acquire()
    {
        lock (_gate)
        {
            while (_idle.First is { } first)
            {
                _idle.RemoveFirst();
                if (!AboutToExpire(first.Value))
                {
                    return first.Value;
                }
            }
        }

        return new MongoServerSession { LastUsedTimestamp = time.GetTimestamp() };
    }

    public void Release(MongoServerSession session)
    {
        ArgumentNullException.ThrowIfNull(session);
        lock (_gate)
        {
            while (_idle.Last is { } oldest && AboutToExpire(oldest.Value))
            {
                _idle.RemoveLast();
            }

            if (!session.IsDirty && !AboutToExpire(session))
            {
                _idle.AddFirst(session);
            }
        }
    }

    /// <summary>Empties the pool, returning what it held (for endSessions when the client closes).</summary>
    public IReadOnlyList<MongoServerSession> Drain()
    {
        lock (_gate)
        {
            var sessions = _idle.ToList();
            _idle.Clear();
            return sessions;
        }
    }

    private bool AboutToExpire(MongoServerSession session) => time.GetElapsedTime(session.LastUsedTimestamp) > serverSessionTimeout - TimeSpan.FromMinutes(1);
}
