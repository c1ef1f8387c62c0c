using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>A contender that tells the writer process's parent of every commit before it is sent, and of its outcome after.</summary>
/// <remarks>
/// Telling waits for the parent's pipe, so a pipelining owner's commits may reach the strategy out of the order it
/// handed them on: the store's version check still holds them, and the writer process measures nothing.
/// </remarks>
internal sealed class StreamingContender(IContender inner, Func<CommitRequest, Task> announce, Action<CommitOutcome> report) : IContender
{
    public string Name => inner.Name;

    public bool IsCeiling => inner.IsCeiling;

    public bool TakesWholeGroups => inner.TakesWholeGroups;

    public StrategyGuarantees? Guarantees => inner.Guarantees;

    public CommitCountersSnapshot Counters => inner.Counters;

    public async Task<IReadOnlyList<CommitOutcome>> CommitAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken)
    {
        foreach (var request in group)
        {
            await announce(request).ConfigureAwait(false);
        }

        var outcomes = await inner.CommitAsync(group, cancellationToken).ConfigureAwait(false);
        foreach (var outcome in outcomes)
        {
            report(outcome);
        }

        return outcomes;
    }

    public Task<VerificationTally> StopAndCheckAsync(CommitLedger ledger, long logSizeAtStart, CancellationToken cancellationToken) =>
        inner.StopAndCheckAsync(ledger, logSizeAtStart, cancellationToken);

    public ValueTask DisposeAsync() => inner.DisposeAsync();
}
