using EventCommitLab.Harness.Results;
using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Verification;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// The bound every table carries: each group's rows, and for aggregate commits the aggregates' new versions, written
/// with the store's fastest raw path (PostgreSQL: one auto-commit statement) at the same durability, numbered by a
/// plain counter here: no sequence logic in the store, no checks. It is what the database can take, never a strategy.
/// Its log is checked by counting rows.
/// </summary>
internal sealed class CeilingContender(IEventLog store) : IContender
{
    public const string ContenderName = "Ceiling";

    private long _next = -1;
    private long _written;

    public string Name => ContenderName;

    public bool IsCeiling => true;

    public bool TakesWholeGroups => true;

    public StrategyGuarantees? Guarantees => null;

    public CommitCountersSnapshot Counters => CommitCountersSnapshot.Zero;

    public async Task<IReadOnlyList<CommitOutcome>> CommitAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken)
    {
        if (_next < 0)
        {
            await using var session = await store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false);
            _next = (await session.ReadHighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false) ?? -1) + 1;
        }

        var rows = new List<StoredEvent>(group.Sum(r => r.Events.Count));
        var aggregates = new List<AggregateVersionRecord>();
        var outcomes = new CommitOutcome[group.Count];
        for (var i = 0; i < group.Count; i++)
        {
            var request = group[i];
            var stamped = request.Stamp(_next);
            _next += stamped.Length;
            rows.AddRange(stamped);
            if (request.Aggregate is { } aggregate)
            {
                aggregates.Add(new AggregateVersionRecord(aggregate.Aggregate, request.NextAggregateVersion!.Value));
            }

            outcomes[i] = CommitOutcome.Committed(request, new CommitResult(request.CommitId, [.. stamped.Select(e => e.SequenceNumber)], request.NextAggregateVersion));
        }

        await store.WriteRawAsync(rows, aggregates, cancellationToken).ConfigureAwait(false);
        _written += rows.Count;
        return outcomes;
    }

    public async Task<VerificationTally> StopAndCheckAsync(CommitLedger ledger, long logSizeAtStart, CancellationToken cancellationToken)
    {
        await using var session = await store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false);
        return VerificationTally.RowCount(logSizeAtStart + _written, await session.CountEventsAsync(cancellationToken).ConfigureAwait(false));
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}
