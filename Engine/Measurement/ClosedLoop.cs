using System.Diagnostics;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// Clients that each run one operation after another (a closed loop), either for a window of time or for a fixed number
/// of operations each. An operation returns the units it moved (events); its latency goes to the histogram given.
/// </summary>
internal static class ClosedLoop
{
    /// <summary>Until <paramref name="window"/> has passed: operations in flight then are finished and counted, the elapsed time with them.</summary>
    public static Task<ClosedLoopWindow> ForAsync(int clients, TimeSpan window, Func<int, Task<long>> operation, LatencyHistogram? latencies)
    {
        var stopAt = Stopwatch.GetTimestamp() + (long)(window.TotalSeconds * Stopwatch.Frequency);
        return RunAsync(clients, (_, _) => Stopwatch.GetTimestamp() < stopAt, operation, latencies);
    }

    /// <summary><paramref name="operationsPerClient"/> operations per client.</summary>
    public static Task<ClosedLoopWindow> CountAsync(int clients, int operationsPerClient, Func<int, Task<long>> operation, LatencyHistogram? latencies) =>
        RunAsync(clients, (_, done) => done < operationsPerClient, operation, latencies);

    /// <summary>Until <paramref name="stop"/> says so (checked before each operation): a background load beside a measured one.</summary>
    public static Task<ClosedLoopWindow> UntilAsync(int clients, Func<bool> stop, Func<int, Task<long>> operation) =>
        RunAsync(clients, (_, _) => !stop(), operation, null);

    private static async Task<ClosedLoopWindow> RunAsync(int clients, Func<int, long, bool> goOn, Func<int, Task<long>> operation, LatencyHistogram? latencies)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(clients, 1);
        long operations = 0, units = 0;
        var allocatedBefore = GC.GetTotalAllocatedBytes();
        var started = Stopwatch.GetTimestamp();
        await Task.WhenAll(Enumerable.Range(0, clients).Select(client => Task.Run(async () =>
        {
            long done = 0, moved = 0;
            while (goOn(client, done))
            {
                var begun = Stopwatch.GetTimestamp();
                moved += await operation(client).ConfigureAwait(false);
                latencies?.Record(begun, Stopwatch.GetTimestamp());
                done++;
            }

            Interlocked.Add(ref operations, done);
            Interlocked.Add(ref units, moved);
        }))).ConfigureAwait(false);
        var elapsed = Stopwatch.GetElapsedTime(started);
        return new ClosedLoopWindow(operations, units, elapsed, GC.GetTotalAllocatedBytes() - allocatedBefore);
    }
}
