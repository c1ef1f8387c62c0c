using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract;

/// <summary>
/// A strategy that can be handed a whole wave of concurrent commits at once. Only the simulated batcher is: a real
/// application never sees its concurrent commits as one list, which is why that strategy is an upper bound.
/// </summary>
public interface IWaveCommitStrategy : ICommitStrategy
{
    /// <summary>Commits every request of the wave; the outcomes are in the requests' order.</summary>
    Task<IReadOnlyList<CommitOutcome>> CommitWaveAsync(IReadOnlyList<CommitRequest> wave, CancellationToken cancellationToken);
}
