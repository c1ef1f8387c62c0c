using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// A counter in this process, started from the log's highest sequence number, hands out each commit's range; one
/// transaction per commit; each event inserted on its own.
/// </summary>
/// <remarks>
/// No round trip for the sequence and no contention on a counter, but the numbers of a commit that fails are lost
/// (a gap), and a second writer process has its own counter (duplicate keys, then gaps).
/// </remarks>
public sealed class InMemorySequenceStrategy(IEventStore store, CommitStrategyOptions options) : CommitStrategyBase(store, options)
{
    private readonly ProcessLocalSequence _sequence = new();

    public override string Name => "InMemorySequence";

    public override StrategyGuarantees Guarantees { get; } = new(
        AtomicMultiEventCommit: true, GapFreeSequence: false, ContiguousCommit: true, SafeWithSeveralWriterProcesses: false);

    public override ValueTask DisposeAsync()
    {
        _sequence.Dispose();
        return base.DisposeAsync();
    }

    protected override async Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        await using var transaction = await Store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);

        // Numbers are taken after the aggregate check: the check waits for an earlier commit of the same aggregate,
        // so its events get higher sequence numbers than that commit's and aggregate versions rise with the log.
        await AggregateVersionGuard.EnsureAsync(transaction, request, cancellationToken).ConfigureAwait(false);
        var first = await _sequence.ReserveAsync(transaction, request.Events.Count, cancellationToken).ConfigureAwait(false);
        var events = request.Stamp(first);
        foreach (var e in events)
        {
            await transaction.InsertEventAsync(e, cancellationToken).ConfigureAwait(false);
        }

        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        return AggregateVersionGuard.Acknowledge(request, events);
    }
}
