using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Strategies.Verification;
using EventCommitLab.Strategies.Workload;

namespace EventCommitLab.Harness;

/// <summary>Commits through each strategy on a fresh log (a plain commit, then two aggregate commits) and verifies the log.</summary>
public static class CommitSmokeRun
{
    public static async Task<VerificationReport> RunAsync(
        IEventStoreProvider provider, StrategyRegistration registration, CancellationToken cancellationToken)
    {
        await using var store = await provider.CreateFreshStoreAsync(cancellationToken);
        await using var strategy = registration.Create(store, new CommitStrategyOptions());
        var events = new SampleEvents();
        var ledger = new CommitLedger();
        var aggregate = new AggregateKey(Guid.NewGuid().ToString("N"), "Order");

        await ledger.RecordAsync(CommitRequest.ForEvents(events.Create(10)), r => strategy.CommitAsync(r, cancellationToken));
        await ledger.RecordAsync(CommitRequest.ForAggregate(aggregate, 0, events.Create(aggregate.EventSource, 3)), r => strategy.CommitAsync(r, cancellationToken));
        await ledger.RecordAsync(CommitRequest.ForAggregate(aggregate, 3, events.Create(aggregate.EventSource, 1)), r => strategy.CommitAsync(r, cancellationToken));

        var failures = ledger.Entries.Where(e => e.Outcome != LedgerOutcome.Acknowledged).ToArray();
        var report = await EventLogVerifier.VerifyAsync(store, ledger, strategy.Guarantees, cancellationToken);
        if (failures.Length > 0)
        {
            throw new InvalidOperationException($"{failures.Length} commit(s) failed: {string.Join("; ", failures.Select(f => f.Failure ?? f.Outcome.ToString()))}");
        }

        return report;
    }
}
