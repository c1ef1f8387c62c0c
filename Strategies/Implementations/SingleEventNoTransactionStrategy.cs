using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// A plain single-event commit is one insert with no transaction, its number from a counter in this process. Every
/// other commit (several events, or an aggregate commit) is written as <see cref="InsertManyStrategy"/> writes it.
/// </summary>
/// <remarks>
/// Aggregate commits take the transactional path even with one event: without a transaction the version check and the
/// event could not be made atomic, and a retried insert would find its own version advance and call it a conflict.
/// A single insert is atomic by itself, so every commit stays all-or-nothing; the weaknesses are those of the
/// process-local counter.
/// </remarks>
public sealed class SingleEventNoTransactionStrategy(IEventStore store, CommitStrategyOptions options) : CommitStrategyBase(store, options)
{
    private readonly ProcessLocalSequence _sequence = new();

    public override string Name => "SingleEventNoTransaction";

    public override StrategyGuarantees Guarantees { get; } = new(
        AtomicMultiEventCommit: true, GapFreeSequence: false, ContiguousCommit: true, SafeWithSeveralWriterProcesses: false);

    public override ValueTask DisposeAsync()
    {
        _sequence.Dispose();
        return base.DisposeAsync();
    }

    protected override async Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        var single = request.Events.Count == 1 && request.Aggregate is null;
        await using var session = single
            ? await Store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false)
            : await Store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        await AggregateVersionGuard.EnsureAsync(session, request, cancellationToken).ConfigureAwait(false);
        var first = await _sequence.ReserveAsync(session, request.Events.Count, cancellationToken).ConfigureAwait(false);
        var events = request.Stamp(first);
        if (single)
        {
            await session.InsertEventAsync(events[0], cancellationToken).ConfigureAwait(false);
        }
        else
        {
            await session.InsertEventsAsync(events, cancellationToken).ConfigureAwait(false);
        }

        await session.CommitAsync(cancellationToken).ConfigureAwait(false);
        return AggregateVersionGuard.Acknowledge(request, events);
    }
}
