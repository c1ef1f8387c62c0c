using System.Diagnostics;
using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Verification;
using EventCommitLab.Strategies.Workload;

namespace EventCommitLab.Harness.Faults;

/// <summary>
/// Committers committing back to back through a strategy, every outcome in the ledger, with a fault injected in the
/// middle. A failed commit is recorded and the committer goes on, as an application would.
/// </summary>
internal static class FaultLoad
{
    private static readonly TimeSpan DrainLimit = TimeSpan.FromSeconds(180);

    public sealed record Outcome(TimeSpan? FirstAcknowledgementAfterFault, string? FirstFailureCause);

    public static async Task<Outcome> RunAsync(
        ICommitStrategy strategy, CommitLedger ledger, int committers, int eventsPerCommit, TimeSpan before, TimeSpan after,
        Func<CancellationToken, Task> fault, CancellationToken cancellationToken)
    {
        var sample = new SampleEvents();
        var stop = 0;
        var faultAt = long.MaxValue;
        long firstAcknowledgement = 0;
        string? firstFailure = null;

        async Task CommitterAsync()
        {
            while (Volatile.Read(ref stop) == 0 && !cancellationToken.IsCancellationRequested)
            {
                var started = Stopwatch.GetTimestamp();
                var outcome = await ledger.RecordAsync(
                    CommitRequest.ForEvents(sample.Create(eventsPerCommit)), r => strategy.CommitAsync(r, cancellationToken)).ConfigureAwait(false);
                if (outcome.Failure is { } failure)
                {
                    Interlocked.CompareExchange(ref firstFailure, $"{failure.GetType().Name}: {failure.Message.Split('\n')[0].Trim()}", null);

                    // A strategy that fails fast would otherwise spin a core the database needs to recover.
                    await Task.Delay(10, CancellationToken.None).ConfigureAwait(false);
                }
                else if (started > Volatile.Read(ref faultAt))
                {
                    Interlocked.CompareExchange(ref firstAcknowledgement, Stopwatch.GetTimestamp(), 0);
                }
            }
        }

        var running = Enumerable.Range(0, committers).Select(_ => Task.Run(CommitterAsync, CancellationToken.None)).ToArray();
        await Task.Delay(before, cancellationToken).ConfigureAwait(false);
        var injected = Stopwatch.GetTimestamp();
        Volatile.Write(ref faultAt, injected);
        await fault(cancellationToken).ConfigureAwait(false);
        await Task.Delay(after, cancellationToken).ConfigureAwait(false);
        Volatile.Write(ref stop, 1);

        // Commits in flight finish (their retries are bounded by the strategy's own limits).
        await Task.WhenAll(running).WaitAsync(DrainLimit, cancellationToken).ConfigureAwait(false);
        var first = Interlocked.Read(ref firstAcknowledgement);
        return new Outcome(first == 0 ? null : Stopwatch.GetElapsedTime(injected, first), firstFailure);
    }
}
