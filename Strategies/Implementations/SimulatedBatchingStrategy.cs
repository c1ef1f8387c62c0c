using System.Diagnostics;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// The seed's simulated batching: handed a whole wave of concurrent commits at once, it writes them in one
/// transaction with one insert, their sequence range reserved from the counter.
/// </summary>
/// <remarks>
/// This is not a batcher an application could use: real callers arrive one by one and nobody hands the store the
/// list of commits that happen to be concurrent. It measures the best a group commit can do, with perfect batches and
/// no queueing, and is the yardstick for <see cref="BatchingPipelineStrategy"/>. Called one commit at a time it is a
/// wave of one, i.e. <see cref="TransactionalCounterStrategy"/>.
/// </remarks>
public sealed class SimulatedBatchingStrategy(IEventStore store, CommitStrategyOptions options)
    : CommitStrategyBase(store, options), IWaveCommitStrategy, IClaimsGuarantees
{
    public static StrategyGuarantees Claims { get; } = StrategyGuarantees.All with { CounterAtLogEnd = true, KeepsAppendConditions = true };

    public override StrategyGuarantees Guarantees => Claims;

    public async Task<IReadOnlyList<CommitOutcome>> CommitWaveAsync(IReadOnlyList<CommitRequest> wave, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(wave);
        if (wave.Count == 0)
        {
            throw new ArgumentException("A wave needs at least one commit; this one has none.", nameof(wave));
        }

        foreach (var request in wave)
        {
            EnsureConditionKept(request);
        }

        // A wave that holds an aggregate twice, or is beyond the store's batch limits, is written in parts, in order,
        // each its own transaction (see CommitBatch).
        var outcomes = new List<CommitOutcome>(wave.Count);
        foreach (var part in CommitBatch.Split(wave, Store.BatchLimits))
        {
            try
            {
                var sent = Stopwatch.GetTimestamp();
                outcomes.AddRange(await RetryAsync(ct => BatchCommitWriter.WriteAsync(Store, Counters, part, ct), cancellationToken).ConfigureAwait(false));
                Counters.AddBatch(part.Count, writeTicks: Stopwatch.GetTimestamp() - sent);
            }
            catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
            {
                outcomes.AddRange(part.Select(r => CommitOutcome.Failed(r, e)));
            }
        }

        foreach (var outcome in outcomes.Where(o => o.Failure is ConcurrencyConflictException or AppendConditionFailedException))
        {
            Counters.AddConflict();
        }

        return outcomes;
    }

    protected override async Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        var sent = Stopwatch.GetTimestamp();
        var outcome = (await BatchCommitWriter.WriteAsync(Store, Counters, [request], cancellationToken).ConfigureAwait(false))[0];
        Counters.AddBatch(1, writeTicks: Stopwatch.GetTimestamp() - sent);
        return outcome.Result ?? throw outcome.Failure!;
    }
}
