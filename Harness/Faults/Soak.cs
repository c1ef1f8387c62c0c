using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.SuitePorts.Faults;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>
/// The faults suite's soak: a strategy under a long load with no fault, its process's memory sampled and the task
/// exceptions nobody observed counted, the end awaited within bounds, and the log verified after.
/// </summary>
internal static class Soak
{
    /// <summary>A long load with no fault: memory sampled, unobserved task exceptions counted, the end awaited within bounds.</summary>
    public static async Task<SoakResult> RunAsync(
        StrategyRegistration registration, IFaultInjectionProvider provider, int committers, TimeSpan duration, CancellationToken cancellationToken)
    {
        var target = await provider.CreateFaultTargetAsync(cancellationToken).ConfigureAwait(false);
        var store = target.Log;
        var ledger = new CommitLedger();
        var strategy = registration.Create(store, new CommitStrategyOptions());
        var unobserved = 0;
        // Faulted tasks other work left to the collector would otherwise be counted as this soak's.
        GC.Collect();
        GC.WaitForPendingFinalizers();
        void Count(object? sender, UnobservedTaskExceptionEventArgs e) => Interlocked.Increment(ref unobserved);
        TaskScheduler.UnobservedTaskException += Count;
        var sampler = WorkingSetSampler.Start(TimeSpan.FromMilliseconds(250));
        long peak = 0;
        FaultLoad.Outcome? load = null;
        string? failure = null;
        try
        {
            load = await FaultLoad.RunAsync(strategy, ledger, committers, FaultsSuite.EventsPerCommit, duration, TimeSpan.Zero, _ => Task.CompletedTask, cancellationToken).ConfigureAwait(false);
        }
        catch (TimeoutException)
        {
            failure = "committers still running long after the stop: a deadlock or a commit that never ends";
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            failure = FailureCause.Of(e);
        }
        finally
        {
            await sampler.DisposeAsync().ConfigureAwait(false);
            peak = sampler.PeakBytes;
            await strategy.DisposeAsync().ConfigureAwait(false);
            GC.Collect();
            GC.WaitForPendingFinalizers();
            TaskScheduler.UnobservedTaskException -= Count;
        }

        try
        {
            var report = await EventLogVerifier.VerifyAsync(store, ledger, strategy.Guarantees, cancellationToken).ConfigureAwait(false);
            var entries = ledger.Entries;
            return new SoakResult(
                registration.Name, committers, duration, entries.Count, entries.Count(e => e.Outcome == LedgerOutcome.Acknowledged),
                entries.Count(e => e.Outcome != LedgerOutcome.Acknowledged), peak, unobserved, load?.LongestStall, VerificationTally.From(report), load?.FirstFailureCause, failure);
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            return new SoakResult(registration.Name, committers, duration, 0, 0, 0, peak, unobserved, null, VerificationTally.NotChecked, load?.FirstFailureCause,
                failure ?? $"verification failed: {FailureCause.Of(e)}");
        }
        finally
        {
            await target.DisposeAsync().ConfigureAwait(false);
        }
    }
}
