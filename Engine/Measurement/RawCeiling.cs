using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Results;
using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// A writer of the ceiling: the same rows (and for aggregate commits the aggregates' new versions) written the store's
/// fastest ways at the same durability, with no strategy around them (no queue logic beyond overlapping, no retry):
/// a raw insert numbered by a plain counter here, or the store's own batch statement. The variants differ in how
/// commits are grouped and overlapped; each cell's ceiling is, round by round, the fastest variant still racing. Its
/// log is checked by counting rows.
/// </summary>
internal abstract class RawCeiling(IEventLog store) : IContender
{
    /// <summary>What the tables call the envelope of the variants.</summary>
    public const string EnvelopeName = "Ceiling";

    private readonly SemaphoreSlim _start = new(1, 1);
    private long _next = -1;
    private long _written;

    public abstract string Name { get; }

    public bool IsCeiling => true;

    public abstract bool TakesWholeGroups { get; }

    public StrategyGuarantees? Guarantees => null;

    public CommitCountersSnapshot Counters => CommitCountersSnapshot.Zero;

    protected IEventLog Store => store;

    /// <summary>Every variant's name, in the order they are entered in a cell.</summary>
    public static IReadOnlyList<string> VariantNames { get; } = [OneGroupCeiling.VariantName, InFlightCeiling.VariantName, PerCommitCeiling.VariantName];

    /// <summary>The variant named <paramref name="variant"/> writing to <paramref name="store"/> for <paramref name="cell"/>'s committers.</summary>
    public static RawCeiling Create(string variant, IEventLog store, CellKey cell)
    {
        ArgumentNullException.ThrowIfNull(cell);
        RawCeiling ceiling = variant switch
        {
            OneGroupCeiling.VariantName => new OneGroupCeiling(store),
            InFlightCeiling.VariantName => new InFlightCeiling(store, cell.Committers),
            PerCommitCeiling.VariantName => new PerCommitCeiling(store),
            _ => throw new ArgumentException($"'{variant}' is not a ceiling variant; valid: {string.Join(", ", VariantNames)}.", nameof(variant)),
        };
        ceiling._plainRows = cell.Contended;
        return ceiling;
    }

    // In a contended cell the rows are written as plain commits: nothing checks a version or a condition there, so the
    // ceiling bounds what writing the rows costs, not what the conflicts do (a batch statement would refuse two
    // commits of one aggregate, and a raw writer would overwrite versions the commands race for).
    private bool _plainRows;

    public async Task<IReadOnlyList<CommitOutcome>> CommitAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(group);
        if (!_plainRows)
        {
            return await WriteGroupAsync(group, cancellationToken).ConfigureAwait(false);
        }

        var written = await WriteGroupAsync([.. group.Select(r => CommitRequest.ForEvents(r.Events))], cancellationToken).ConfigureAwait(false);
        return [.. written.Select((outcome, i) => outcome.Result is { } result
            ? CommitOutcome.Committed(group[i], result with { CommitId = group[i].CommitId })
            : CommitOutcome.Failed(group[i], outcome.Failure!))];
    }

    /// <summary>Writes the group its variant's way; outcomes in the requests' order.</summary>
    protected abstract Task<IReadOnlyList<CommitOutcome>> WriteGroupAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken);

    public async Task<VerificationTally> StopAndCheckAsync(CommitLedger ledger, long logSizeAtStart, CancellationToken cancellationToken)
    {
        await StopAsync().ConfigureAwait(false);
        await using var session = await store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false);
        return VerificationTally.RowCount(logSizeAtStart + Interlocked.Read(ref _written), await session.CountEventsAsync(cancellationToken).ConfigureAwait(false));
    }

    public virtual ValueTask DisposeAsync()
    {
        _start.Dispose();
        return ValueTask.CompletedTask;
    }

    /// <summary>Counts rows a variant wrote without <see cref="WriteAsync"/>, for the row check.</summary>
    protected void Written(long rows) => Interlocked.Add(ref _written, rows);

    /// <summary>Stops whatever the variant runs in the background; nothing by default.</summary>
    protected virtual Task StopAsync() => Task.CompletedTask;

    /// <summary>Numbers the commits' events from the counter, writes them in one raw statement and answers every commit.</summary>
    protected async Task<CommitOutcome[]> WriteAsync(IReadOnlyList<CommitRequest> commits, CancellationToken cancellationToken)
    {
        if (Interlocked.Read(ref _next) < 0)
        {
            await StartNumberingAsync(cancellationToken).ConfigureAwait(false);
        }

        var count = commits.Sum(r => r.Events.Count);
        var next = Interlocked.Add(ref _next, count) - count;
        var rows = new List<StoredEvent>(count);
        var aggregates = new List<AggregateVersionRecord>();
        var outcomes = new CommitOutcome[commits.Count];
        for (var i = 0; i < commits.Count; i++)
        {
            var request = commits[i];
            var stamped = request.Stamp(next);
            next += stamped.Length;
            rows.AddRange(stamped);
            if (request.Aggregate is { } aggregate)
            {
                aggregates.Add(new AggregateVersionRecord(aggregate.Aggregate, request.NextAggregateVersion!.Value));
            }

            outcomes[i] = CommitOutcome.Committed(request, new CommitResult(request.CommitId, [.. stamped.Select(e => e.SequenceNumber)], request.NextAggregateVersion));
        }

        await store.WriteRawAsync(rows, aggregates, cancellationToken).ConfigureAwait(false);
        Interlocked.Add(ref _written, rows.Count);
        return outcomes;
    }

    private async Task StartNumberingAsync(CancellationToken cancellationToken)
    {
        await _start.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            if (Interlocked.Read(ref _next) < 0)
            {
                await using var session = await store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false);
                Interlocked.Exchange(ref _next, (await session.ReadHighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false) ?? -1) + 1);
            }
        }
        finally
        {
            _start.Release();
        }
    }
}
