using MongoDB.Driver.Core.Configuration;
using MongoDB.Driver.Core.Events;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// How many commitTransaction commands the driver sent against how many the store asked it to send: the difference is
/// the driver's own retries (the transactions specification has it send a failed commit once more, whatever
/// RetryWrites says), which no strategy makes: the store reports them as its client's resends and the harness counts
/// them with the strategies' retries. Read from the driver's command events; the run's store line states the totals.
/// </summary>
internal sealed class MongoCommitCount
{
    private long _sent;
    private long _asked;

    public long Sent => Interlocked.Read(ref _sent);

    public long Asked => Interlocked.Read(ref _asked);

    /// <summary>The driver's own resends: commits sent beyond those asked for.</summary>
    public long Resent => Math.Max(0, Sent - Asked);

    /// <summary>Counts the commits the driver sends through the client <paramref name="cluster"/> builds.</summary>
    public ClusterBuilder Subscribe(ClusterBuilder cluster)
    {
        ArgumentNullException.ThrowIfNull(cluster);
        return cluster.Subscribe<CommandStartedEvent>(e =>
        {
            if (e.CommandName == "commitTransaction")
            {
                Interlocked.Increment(ref _sent);
            }
        });
    }

    /// <summary>Forgets what was counted so far (the deployment check's own commits, made before any store).</summary>
    public void Reset()
    {
        Interlocked.Exchange(ref _sent, 0);
        Interlocked.Exchange(ref _asked, 0);
    }

    /// <summary>The store is about to ask the driver for one commit.</summary>
    public void Ask() => Interlocked.Increment(ref _asked);

    public override string ToString() =>
        $"commitTransaction sent {Sent} times for {Asked} the store asked for ({Resent} the driver's own retries, counted with the strategies' retries)";
}
