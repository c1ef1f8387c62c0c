using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>One strategy on one fresh log: commits go through the ledger, and the verifier reads the database.</summary>
public sealed class StrategyRun(IEventLog store, StrategyRegistration registration, CommitStrategyOptions options) : IAsyncDisposable
{
    public IEventLog Store { get; } = store;

    public StrategyRegistration Registration { get; } = registration;

    public ICommitStrategy Strategy { get; } = registration.Create(store, options);

    public CommitLedger Ledger { get; } = new();

    public SampleEvents Events { get; } = new();

    public Task<CommitOutcome> CommitAsync(CommitRequest request) =>
        Ledger.RecordAsync(request, r => Strategy.CommitAsync(r, CancellationToken.None));

    public Task<CommitOutcome> CommitAsync(int events) => CommitAsync(CommitRequest.ForEvents(Events.Create(events)));

    public Task<CommitOutcome> CommitAsync(AggregateKey aggregate, long expectedVersion, int events) =>
        CommitAsync(CommitRequest.ForAggregate(aggregate, expectedVersion, Events.Create(aggregate.EventSource, events)));

    /// <summary>Commits with a second instance of the strategy, as a second writer process would.</summary>
    public Task<CommitOutcome> CommitAsync(ICommitStrategy other, int events) =>
        Ledger.RecordAsync(CommitRequest.ForEvents(Events.Create(events)), r => other.CommitAsync(r, CancellationToken.None));

    public Task<VerificationReport> VerifyAsync() => EventLogVerifier.VerifyAsync(Store, Ledger, Strategy.Guarantees, CancellationToken.None);

    public async Task<long> CountEventsAsync()
    {
        await using var session = await Store.OpenAutoCommitSessionAsync(CancellationToken.None);
        return await session.CountEventsAsync(CancellationToken.None);
    }

    public async Task<long?> AggregateVersionAsync(AggregateKey aggregate)
    {
        foreach (var record in (await Store.ReadSnapshotAsync(CancellationToken.None)).Aggregates)
        {
            if (record.Aggregate == aggregate)
            {
                return record.Version;
            }
        }

        return null;
    }

    public async ValueTask DisposeAsync()
    {
        await Strategy.DisposeAsync();
        await Store.DisposeAsync();
    }
}
