using System.Diagnostics;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>
/// Committers committing back to back through a strategy, every outcome in the ledger, with a fault injected in the
/// middle. A failed commit is recorded and the committer goes on, as an application would.
/// </summary>
internal static class FaultLoad
{
    private static readonly TimeSpan DrainLimit = TimeSpan.FromSeconds(180);

    /// <param name="LongestStall">The longest time with no commit acknowledged, from the first acknowledgement to the last.</param>
    public sealed record Outcome(TimeSpan? LongestStall, string? FirstFailureCause);

    public static async Task<Outcome> RunAsync(
        ICommitStrategy strategy, CommitLedger ledger, int committers, int eventsPerCommit, TimeSpan before, TimeSpan after,
        Func<CancellationToken, Task> fault, CancellationToken cancellationToken)
    {
        var sample = new SampleEvents();
        var stop = 0;
        var acknowledgements = new System.Collections.Concurrent.ConcurrentQueue<long>();
        string? firstFailure = null;

        async Task CommitterAsync()
        {
            while (Volatile.Read(ref stop) == 0 && !cancellationToken.IsCancellationRequested)
            {
                var outcome = await ledger.RecordAsync(
                    CommitRequest.ForEvents(sample.Create(eventsPerCommit)), r => strategy.CommitAsync(r, cancellationToken)).ConfigureAwait(false);
                if (outcome.Failure is { } failure)
                {
                    Interlocked.CompareExchange(ref firstFailure, $"{failure.GetType().Name}: {failure.Message.Split('\n')[0].Trim()}", null);

                    // A strategy that fails fast would otherwise spin a core the database needs to recover.
                    await Task.Delay(10, CancellationToken.None).ConfigureAwait(false);
                }
                else
                {
                    acknowledgements.Enqueue(Stopwatch.GetTimestamp());
                }
            }
        }

        var running = Enumerable.Range(0, committers).Select(_ => Task.Run(CommitterAsync, CancellationToken.None)).ToArray();

        // The ledger digests what it queued twice a second, so it keeps fingerprints, not every request's payload.
        var settler = Task.Run(async () =>
        {
            while (Volatile.Read(ref stop) == 0)
            {
                ledger.Settle();
                await Task.Delay(500, CancellationToken.None).ConfigureAwait(false);
            }
        }, CancellationToken.None);
        await Task.Delay(before, cancellationToken).ConfigureAwait(false);
        await fault(cancellationToken).ConfigureAwait(false);
        await Task.Delay(after, cancellationToken).ConfigureAwait(false);
        Volatile.Write(ref stop, 1);

        // Commits in flight finish (their retries are bounded by the strategy's own limits).
        await Task.WhenAll(running).WaitAsync(DrainLimit, cancellationToken).ConfigureAwait(false);
        await settler.ConfigureAwait(false);
        var times = acknowledgements.Order().ToArray();
        var stall = times.Length < 2 ? (TimeSpan?)null : Stopwatch.GetElapsedTime(0, times.Zip(times.Skip(1), (a, b) => b - a).Max());
        return new Outcome(stall, firstFailure);
    }
}
