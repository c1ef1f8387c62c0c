using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// What the loads drive: a strategy that takes one commit at a time, one that is handed whole groups (the simulated
/// batcher), or the raw ceiling. The loads never ask which it is beyond <see cref="TakesWholeGroups"/>.
/// </summary>
internal interface IContender : IAsyncDisposable
{
    string Name { get; }

    bool IsCeiling { get; }

    /// <summary>
    /// Handed a whole group of commits at once (a wave, or in sustained load one commit per committer per call), so
    /// its latency is a group's time, reported apart from per-commit latency.
    /// </summary>
    bool TakesWholeGroups { get; }

    /// <summary>The strategy's claims; null for the ceiling.</summary>
    StrategyGuarantees? Guarantees { get; }

    CommitCountersSnapshot Counters { get; }

    /// <summary>Commits the group; outcomes in the requests' order. A contender that is not handed whole groups gets groups of one.</summary>
    Task<IReadOnlyList<CommitOutcome>> CommitAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken);

    /// <summary>Stops the contender (a pipeline drains) and checks its log: the verifier for a strategy, the row count for the ceiling.</summary>
    Task<VerificationTally> StopAndCheckAsync(CommitLedger ledger, long logSizeAtStart, CancellationToken cancellationToken);
}
