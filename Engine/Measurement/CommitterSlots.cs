using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The committers of one case and the aggregates they command. Uncontended (one aggregate per committer), committer i
/// always commits to aggregate i, so commits never conflict. Contended, each command draws its aggregate from the
/// cell's (<see cref="AggregateChooser"/>), so two committers can command the same one at once and one of them
/// conflicts. A command carries the aggregate's NumberOfEvents events (under a new commit id each time); an aggregate
/// commit expects the version last acknowledged for it, a conditional commit asks that no event of its aggregate's tag
/// follow the head acknowledged so far: what an application's cache would know. After a conflict,
/// <see cref="RefreshAsync"/> learns the aggregate's version from the conflict's answer or the store, as an application
/// reloads an aggregate before deciding again.
/// </summary>
internal sealed class CommitterSlots
{
    // Every store writes two or more events with one statement whatever their number (PostgreSQL unnest's arrays,
    // MongoDB insertMany), so ten events warm the very statements and code paths the measured commits use; a whole
    // warmup wave of 100 x 100 events took CurrentImplementation 22 s here, with nothing more warmed by it.
    private const int WarmupEventsPerCommit = 10;

    private readonly BenchmarkMethod _method;
    private readonly AggregateKey[] _aggregates;
    private readonly UncommittedEvent[][] _events;
    private readonly UncommittedEvent[][] _warmupEvents;
    private readonly long[] _versions;
    private readonly AppendCondition[] _conditions;
    private readonly AggregateChooser[]? _choosers;
    private long _head = -1;

    /// <param name="skew">Contended cells: 0 draws aggregates uniformly, a positive value by Zipf's law with that exponent.</param>
    /// <param name="sharedAggregates">A name every writer process gives the same aggregates (theirs are then "NAME-0", "NAME-1", ...); null for aggregates of this case's own.</param>
    public CommitterSlots(CellKey cell, int payloadBytes, double skew = 0, string? sharedAggregates = null)
    {
        ArgumentNullException.ThrowIfNull(cell);
        _method = cell.Method;
        Count = cell.Committers;
        var aggregates = cell.Aggregates ?? cell.Committers;
        var sample = new SampleEvents(payloadBytes);
        _aggregates = [.. Enumerable.Range(0, aggregates).Select(k => new AggregateKey(
            sharedAggregates is null ? $"{Guid.NewGuid():N}" : string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{sharedAggregates}-{k}"), "Order"))];
        _events = [.. _aggregates.Select(a => sample.Create(a.EventSource, cell.NumberOfEvents))];
        if (cell.Method == BenchmarkMethod.CommitConditionalEvents)
        {
            // Each aggregate's events carry its own tag, which its condition names with their type.
            _events = [.. _events.Select((events, k) => events.Select(e => e with { Tags = [.. e.Tags, AggregateTag(k)] }).ToArray())];
        }

        _conditions = [.. _events.Select((events, k) => new AppendCondition(DcbQuery.Of([events[0].EventType], AggregateTag(k)), null))];
        _warmupEvents = [.. _events.Select(events => events.Length > WarmupEventsPerCommit ? events[..WarmupEventsPerCommit] : events)];
        _versions = new long[aggregates];
        // Seeded by slot: a committer draws the same aggregates in every run of the cell.
        _choosers = cell.Contended ? [.. Enumerable.Range(0, Count).Select(slot => new AggregateChooser(aggregates, skew, seed: slot))] : null;
    }

    /// <summary>Committers.</summary>
    public int Count { get; }

    /// <summary>The aggregates (conditional commits: tags) the committers command.</summary>
    public int Aggregates => _aggregates.Length;

    /// <summary>Committers share aggregates: a conflict is answered by re-reading and retrying, not a failure.</summary>
    public bool Contended => _choosers is not null;

    /// <summary>Committer <paramref name="slot"/>'s next command; an unmeasured (warmup) one carries at most ten of its events.</summary>
    public CommitterCommand Next(int slot, bool measured)
    {
        var aggregate = _choosers is { } choosers ? choosers[slot].Next() : slot;
        return new CommitterCommand(slot, aggregate, RequestFor(aggregate, measured), Attempt: 1);
    }

    /// <summary>One command from every committer, as a wave or a group.</summary>
    public CommitterCommand[] NextGroup(bool measured) => [.. Enumerable.Range(0, Count).Select(slot => Next(slot, measured))];

    /// <summary>The command's next attempt: a new commit for the same aggregate, from what is known of it now.</summary>
    public CommitterCommand Retry(CommitterCommand command, bool measured)
    {
        ArgumentNullException.ThrowIfNull(command);
        return command with { Request = RequestFor(command.Aggregate, measured), Attempt = command.Attempt + 1 };
    }

    /// <summary>The command under a new commit decided on what is known of its aggregate now: its owner's turn has come.</summary>
    public CommitterCommand Renew(CommitterCommand command, bool measured)
    {
        ArgumentNullException.ThrowIfNull(command);
        return command with { Request = RequestFor(command.Aggregate, measured) };
    }

    /// <summary>
    /// The command under a new commit that expects its aggregate at <paramref name="version"/>: a pipelining owner
    /// decides on the version its last commit, not yet acknowledged, will produce. Aggregate commits only: a condition
    /// names positions in the log, which an unacknowledged commit does not have yet.
    /// </summary>
    public CommitterCommand DecideAt(CommitterCommand command, long version, bool measured)
    {
        ArgumentNullException.ThrowIfNull(command);
        if (_method != BenchmarkMethod.CommitAggregateEvents)
        {
            throw new InvalidOperationException($"Only aggregate commits can be decided on a version not yet acknowledged, not {_method}.");
        }

        var events = measured ? _events[command.Aggregate] : _warmupEvents[command.Aggregate];
        return command with { Request = CommitRequest.ForAggregate(_aggregates[command.Aggregate], version, events) };
    }

    /// <summary>The aggregate's version as last acknowledged or learned from a conflict.</summary>
    public long KnownVersion(int aggregate) => Volatile.Read(ref _versions[aggregate]);

    /// <summary>Moves the command's aggregate, and the head conditions are made after, on once its commit is acknowledged.</summary>
    public void Acknowledged(CommitterCommand command, CommitResult result)
    {
        ArgumentNullException.ThrowIfNull(command);
        ArgumentNullException.ThrowIfNull(result);
        if (command.Request.NextAggregateVersion is { } version)
        {
            RaiseTo(ref _versions[command.Aggregate], version);
        }

        if (command.Request.Condition is not null && result.SequenceNumbers.Count > 0)
        {
            RaiseTo(ref _head, result.SequenceNumbers.Max());
        }
    }

    /// <summary>
    /// Learns what conflicted commands need to decide again: each aggregate's version as the store answered the
    /// conflict (every store reads it when a check fails, in the same round trip), else as read from the store now; for
    /// conditional commits, the log's head read from the store (every event of their tags up to it is then known).
    /// </summary>
    public async Task RefreshAsync(IReadOnlyCollection<(CommitterCommand Command, Exception Conflict)> conflicted, IEventStore store, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(conflicted);
        ArgumentNullException.ThrowIfNull(store);
        var unanswered = new HashSet<int>();
        foreach (var (command, conflict) in conflicted)
        {
            if (conflict is ConcurrencyConflictException { ActualVersion: { } actual })
            {
                RaiseTo(ref _versions[command.Aggregate], actual);
            }
            else
            {
                unanswered.Add(command.Aggregate);
            }
        }

        if (unanswered.Count == 0)
        {
            return;
        }

        await using var session = await store.OpenAutoCommitSessionAsync(cancellationToken).ConfigureAwait(false);
        if (_method == BenchmarkMethod.CommitConditionalEvents)
        {
            if (await session.ReadHighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false) is { } head)
            {
                RaiseTo(ref _head, head);
            }

            return;
        }

        foreach (var aggregate in unanswered)
        {
            RaiseTo(ref _versions[aggregate], await session.ReadAggregateVersionAsync(_aggregates[aggregate], cancellationToken).ConfigureAwait(false));
        }
    }

    private CommitRequest RequestFor(int aggregate, bool measured)
    {
        var events = measured ? _events[aggregate] : _warmupEvents[aggregate];
        return _method switch
        {
            BenchmarkMethod.CommitAggregateEvents => CommitRequest.ForAggregate(_aggregates[aggregate], Volatile.Read(ref _versions[aggregate]), events),
            BenchmarkMethod.CommitConditionalEvents => CommitRequest.ForCondition(_conditions[aggregate] with { After = Volatile.Read(ref _head) is var head and >= 0 ? head : null }, events),
            _ => CommitRequest.ForEvents(events),
        };
    }

    /// <summary>Raises <paramref name="location"/> to <paramref name="value"/> unless it is already higher: acknowledgements arrive in any order.</summary>
    private static void RaiseTo(ref long location, long value)
    {
        var seen = Volatile.Read(ref location);
        while (value > seen)
        {
            var found = Interlocked.CompareExchange(ref location, value, seen);
            if (found == seen)
            {
                return;
            }

            seen = found;
        }
    }

    private static string AggregateTag(int aggregate) => string.Create(System.Globalization.CultureInfo.InvariantCulture, $"aggregate:{aggregate}");
}
