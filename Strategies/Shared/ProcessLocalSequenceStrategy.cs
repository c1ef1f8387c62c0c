using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// What the strategies numbering from a counter in this process share: one session per commit, the aggregate check,
/// the range taken from the process-local counter, and their guarantees (gaps after a failed commit, one writer
/// process only). A strategy says how the stamped events are inserted and whether a commit needs a transaction.
/// </summary>
public abstract class ProcessLocalSequenceStrategy(IEventStore store, CommitStrategyOptions options) : CommitStrategyBase(store, options)
{
    private readonly ProcessLocalSequence _sequence = new();

    public static StrategyGuarantees Claims { get; } = new(
        AtomicMultiEventCommit: true, GapFreeSequence: false, ContiguousCommit: true, SafeWithSeveralWriterProcesses: false);

    public override StrategyGuarantees Guarantees => Claims;

    public override ValueTask DisposeAsync()
    {
        _sequence.Dispose();
        return base.DisposeAsync();
    }

    /// <summary>Whether the commit is written in a transaction; otherwise in an auto-commit session (one insert must then make it whole).</summary>
    protected virtual bool NeedsTransaction(CommitRequest request) => true;

    /// <summary>Writes the commit's stamped events through the session.</summary>
    protected abstract Task InsertAsync(IStoreSession session, StoredEvent[] events, CancellationToken cancellationToken);

    protected sealed override async Task<CommitResult> CommitOnceAsync(CommitRequest request, CancellationToken cancellationToken)
    {
        await using var session = NeedsTransaction(request)
            ? await Store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false)
            : await Store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false);

        // Numbers are taken after the aggregate check: the check waits for an earlier commit of the same aggregate,
        // so its events get higher sequence numbers than that commit's and aggregate versions rise with the log.
        await AggregateVersionGuard.EnsureAsync(session, request, cancellationToken).ConfigureAwait(false);
        var first = await _sequence.ReserveAsync(session, request.Events.Count, cancellationToken).ConfigureAwait(false);
        var events = request.Stamp(first);
        await InsertAsync(session, events, cancellationToken).ConfigureAwait(false);
        await session.CommitAsync(cancellationToken).ConfigureAwait(false);
        return AggregateVersionGuard.Acknowledge(request, events);
    }
}
