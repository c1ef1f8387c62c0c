using System.Diagnostics;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The store's durable-commit latency as the strategies will feel it: a timed loop of single-row auto-commit inserts
/// on a fresh log, one after another. It is the floor under every commit, and the number to compare machines by.
/// </summary>
internal static class DurableFlushProbe
{
    public static async Task<(double MedianMs, double P95Ms)> MeasureAsync(IEventStoreProvider provider, int commits, CancellationToken cancellationToken)
    {
        await using var store = await provider.CreateFreshLogAsync(cancellationToken);
        await using var session = await store.OpenAutoCommitSessionAsync(cancellationToken);
        var samples = new double[commits];
        var commitId = Guid.NewGuid();
        for (var i = 0; i < commits; i++)
        {
            var started = Stopwatch.GetTimestamp();
            await session.InsertEventAsync(new StoredEvent(i, "probe", "Probed", null, null, commitId, [], "{}"), cancellationToken);
            samples[i] = Stopwatch.GetElapsedTime(started).TotalMilliseconds;
        }

        Array.Sort(samples);
        return (samples[commits / 2], samples[(int)Math.Ceiling(commits * 0.95) - 1]);
    }
}
