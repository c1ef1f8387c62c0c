using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Measurement;

/// <summary>A commit strategy as a contender; one handed whole waves (<see cref="IWaveCommitStrategy"/>) takes whole groups.</summary>
internal sealed class StrategyContender(ICommitStrategy strategy, IEventLog store) : IContender
{
    private bool _stopped;

    public string Name => strategy.Name;

    public bool IsCeiling => false;

    public bool TakesWholeGroups => strategy is IWaveCommitStrategy;

    public StrategyGuarantees? Guarantees => strategy.Guarantees;

    /// <summary>The strategy's counts, its retries with those the store's client made on its own (a retry's cost is the database's either way).</summary>
    public CommitCountersSnapshot Counters
    {
        get
        {
            var counted = strategy.Counters.Snapshot();
            return counted with { Retries = counted.Retries + store.StoreResends };
        }
    }

    public Task<IReadOnlyList<CommitOutcome>> CommitAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(group);
        if (strategy is IWaveCommitStrategy wave)
        {
            return wave.CommitWaveAsync(group, cancellationToken);
        }

        // Every committer of a sustained cell passes here once per commit, with a group of one: one state machine, not two.
        return group.Count == 1 ? CommitAloneAsync(group[0], cancellationToken) : CommitEachAsync(group, cancellationToken);
    }

    public async Task<VerificationTally> StopAndCheckAsync(CommitLedger ledger, long logSizeAtStart, CancellationToken cancellationToken)
    {
        await StopAsync().ConfigureAwait(false);
        return VerificationTally.From(await EventLogVerifier.VerifyAsync(store, ledger, strategy.Guarantees, cancellationToken).ConfigureAwait(false));
    }

    public ValueTask DisposeAsync() => StopAsync();

    private async ValueTask StopAsync()
    {
        if (!_stopped)
        {
            _stopped = true;
            await strategy.DisposeAsync().ConfigureAwait(false);
        }
    }

    private async Task<IReadOnlyList<CommitOutcome>> CommitAloneAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        try
        {
            return [CommitOutcome.Committed(request, await strategy.CommitAsync(request, cancellationToken).ConfigureAwait(false))];
        }
        catch (Exception e)
        {
            return [CommitOutcome.Failed(request, e)];
        }
    }

    private async Task<IReadOnlyList<CommitOutcome>> CommitEachAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken) =>
        await Task.WhenAll(group.Select(r => CommitOneAsync(r, cancellationToken))).ConfigureAwait(false);

    private async Task<CommitOutcome> CommitOneAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        try
        {
            return CommitOutcome.Committed(request, await strategy.CommitAsync(request, cancellationToken).ConfigureAwait(false));
        }
        catch (Exception e)
        {
            return CommitOutcome.Failed(request, e);
        }
    }
}
