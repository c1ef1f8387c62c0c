using System.Collections.Concurrent;
using MongoDB.Bson;
using MongoDB.Driver.Core.Configuration;
using MongoDB.Driver.Core.Events;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// Every commitTransaction the driver sends, and of them the resends: a commit sent again for a transaction whose commit
/// was already sent (the same session and transaction number). The store resends a commit whose answer was lost, and
/// the driver resends a failed commit once on its own (the transactions specification has it, whatever RetryWrites
/// says, and at <c>majority</c> whatever the transaction's write concern); no strategy makes either, so the store
/// reports them and the harness counts them with the strategies' retries. Read from the driver's command events, so a
/// commit the store asked for but the driver never sent counts as nothing; the run's store line states the totals.
/// </summary>
internal sealed class MongoCommitCount
{
    /// <summary>Each session's last committed transaction number: one session runs one transaction at a time, so a resend repeats it.</summary>
    private readonly ConcurrentDictionary<string, long> _lastCommitted = new(StringComparer.Ordinal);
    private long _sent;
    private long _asked;
    private long _resent;

    public long Sent => Interlocked.Read(ref _sent);

    public long Asked => Interlocked.Read(ref _asked);

    /// <summary>Commits sent again for a transaction whose commit was already sent: the store's resends and the driver's.</summary>
    public long Resent => Interlocked.Read(ref _resent);

    /// <summary>Counts the commits the driver sends through the client <paramref name="cluster"/> builds.</summary>
    public ClusterBuilder Subscribe(ClusterBuilder cluster)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        return cluster.Subscribe<CommandStartedEvent>(Observe);
    }

    /// <summary>One command the driver is sending.</summary>
    public void Observe(CommandStartedEvent started)
    {
        if (started.CommandName != "commitTransaction")
        {
            return;
        }

        Interlocked.Increment(ref _sent);
        if (started.Command.GetValue("lsid", BsonNull.Value) is not BsonDocument lsid || started.Command.GetValue("txnNumber", BsonNull.Value) is not { IsNumeric: true } number)
        {
            return;
        }

        var session = lsid.GetValue("id", BsonNull.Value).ToString() ?? "";
        var transaction = number.ToInt64();
        if (_lastCommitted.TryGetValue(session, out var last) && last == transaction)
        {
            Interlocked.Increment(ref _resent);
        }
        else
        {
            _lastCommitted[session] = transaction;
        }
    }

    /// <summary>Forgets what was counted so far (the deployment check's own commits, made before any store).</summary>
    public void Reset()
    {
        Interlocked.Exchange(ref _sent, 0);
        Interlocked.Exchange(ref _asked, 0);
        Interlocked.Exchange(ref _resent, 0);
        _lastCommitted.Clear();
    }

    /// <summary>The store is about to ask the driver for one commit (a first commit or its own resend).</summary>
    public void Ask() => Interlocked.Increment(ref _asked);

    public override string ToString() =>
        $"commitTransaction sent {Sent} times, {Asked} asked for by the store; {Resent} of them resends of a commit already sent (the store's and the driver's, counted with the strategies' retries)";
}
