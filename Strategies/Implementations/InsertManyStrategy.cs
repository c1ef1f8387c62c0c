using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// As <see cref="InMemorySequenceStrategy"/>, but a commit's events go in with one multi-event insert: one round trip
/// per commit instead of one per event. Same weaknesses: gaps after failed commits, one writer process only.
/// </summary>
public sealed class InsertManyStrategy(IEventStore store, CommitStrategyOptions options) : CommitStrategyBase(store, options)
{
    private readonly ProcessLocalSequence _sequence = new();

    public override string Name => "InsertMany";

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
        await AggregateVersionGuard.EnsureAsync(transaction, request, cancellationToken).ConfigureAwait(false);
        var first = await _sequence.ReserveAsync(transaction, request.Events.Count, cancellationToken).ConfigureAwait(false);
        var events = request.Stamp(first);
        await transaction.InsertEventsAsync(events, cancellationToken).ConfigureAwait(false);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        return AggregateVersionGuard.Acknowledge(request, events);
    }
}
