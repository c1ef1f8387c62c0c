using System.Text;

namespace EventCommitLab.Contract.Model;

/// <summary>
/// One commit as a strategy receives it, validated. Its <see cref="CommitId"/> is fixed when the request is made,
/// so a retried attempt writes the same id and the ledger can name the commit before it is acknowledged.
/// </summary>
public sealed record CommitRequest
{
    private CommitRequest(Guid commitId, IReadOnlyList<UncommittedEvent> events, AggregateExpectation? aggregate, AppendCondition? condition = null)
    {
        CommitId = commitId;
        Events = events;
        Aggregate = aggregate;
        Condition = condition;
        foreach (var e in events)
        {
            Bytes += Encoding.UTF8.GetByteCount(e.EventSource) + Encoding.UTF8.GetByteCount(e.EventType) + Encoding.UTF8.GetByteCount(e.Payload);
            foreach (var tag in e.Tags)
            {
                Bytes += Encoding.UTF8.GetByteCount(tag);
            }
        }
    }

    public Guid CommitId { get; }

    public IReadOnlyList<UncommittedEvent> Events { get; }

    /// <summary>
    /// The UTF-8 bytes of its events' contents (event sources, types, payloads and tags): what batchers weigh against a
    /// store's <see cref="Port.StoreBatchLimits.MaxBytes"/>. The stored rows are somewhat larger (numbers, ids, JSON syntax).
    /// </summary>
    public long Bytes { get; }

    /// <summary>Null for a plain commit; set for an aggregate commit.</summary>
    public AggregateExpectation? Aggregate { get; }

    /// <summary>
    /// Null for a plain or aggregate commit; set for a conditional commit (DCB): written only if the log holds no event
    /// matching the condition's query (by event type and tags) after its position.
    /// </summary>
    public AppendCondition? Condition { get; }

    /// <summary>The aggregate's version once this commit is written.</summary>
    public long? NextAggregateVersion => Aggregate is null ? null : Aggregate.ExpectedVersion + Events.Count;

    /// <exception cref="ArgumentException">No events, or an event with a missing field.</exception>
    public static CommitRequest ForEvents(IReadOnlyList<UncommittedEvent> events)
    {
        ValidateEvents(events);
        return new CommitRequest(CommitIds.New(), [.. events], null);
    }

    /// <summary>A conditional commit (DCB): its events are written only if no event of the log matches <paramref name="condition"/>.</summary>
    /// <exception cref="ArgumentException">No events, an event with a missing field, or a condition with no query item.</exception>
    public static CommitRequest ForCondition(AppendCondition condition, IReadOnlyList<UncommittedEvent> events)
    {
        ArgumentNullException.ThrowIfNull(condition);
        ArgumentNullException.ThrowIfNull(condition.FailIfEventsMatch);
        if (condition.FailIfEventsMatch.Items.Count == 0)
        {
            throw new ArgumentException("A commit's condition needs at least one query item; this one has none.", nameof(condition));
        }

        ValidateEvents(events);
        return new CommitRequest(CommitIds.New(), [.. events], null, condition);
    }

    /// <exception cref="ArgumentException">No events, an event with a missing field, or an event of another event source.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A negative expected version.</exception>
    public static CommitRequest ForAggregate(AggregateKey aggregate, long expectedVersion, IReadOnlyList<UncommittedEvent> events)
    {
        ArgumentNullException.ThrowIfNull(aggregate);
        ArgumentException.ThrowIfNullOrWhiteSpace(aggregate.EventSource, nameof(aggregate));
        ArgumentException.ThrowIfNullOrWhiteSpace(aggregate.AggregateType, nameof(aggregate));
        ArgumentOutOfRangeException.ThrowIfNegative(expectedVersion);
        ValidateEvents(events);
        foreach (var e in events)
        {
            if (e.EventSource != aggregate.EventSource)
            {
                throw new ArgumentException(
                    $"Every event of an aggregate commit must belong to the aggregate's event source '{aggregate.EventSource}'; one belongs to '{e.EventSource}'.",
                    nameof(events));
            }
        }

        return new CommitRequest(CommitIds.New(), [.. events], new AggregateExpectation(aggregate, expectedVersion));
    }

    /// <summary>Gives each event its sequence number, starting at <paramref name="firstSequenceNumber"/>, and its aggregate version.</summary>
    public StoredEvent[] Stamp(long firstSequenceNumber)
    {
        var stored = new StoredEvent[Events.Count];
        for (var i = 0; i < stored.Length; i++)
        {
            var e = Events[i];
            stored[i] = new StoredEvent(
                firstSequenceNumber + i,
                e.EventSource,
                e.EventType,
                Aggregate?.Aggregate.AggregateType,
                Aggregate is null ? null : Aggregate.ExpectedVersion + 1 + i,
                CommitId,
                e.Tags,
                e.Payload);
        }

        return stored;
    }

    private static void ValidateEvents(IReadOnlyList<UncommittedEvent> events)
    {
        ArgumentNullException.ThrowIfNull(events);
        if (events.Count == 0)
        {
            throw new ArgumentException("A commit needs at least one event; this one has none.", nameof(events));
        }

        for (var i = 0; i < events.Count; i++)
        {
            var e = events[i] ?? throw new ArgumentNullException(nameof(events), $"Event {i} of the commit is null.");
            if (string.IsNullOrWhiteSpace(e.EventSource))
            {
                throw new ArgumentException($"Event {i} of the commit has no event source.", nameof(events));
            }

            if (string.IsNullOrWhiteSpace(e.EventType))
            {
                throw new ArgumentException($"Event {i} of the commit has no event type.", nameof(events));
            }

            if (e.Payload is null)
            {
                throw new ArgumentNullException(nameof(events), $"Event {i} of the commit has a null payload; give it a JSON document.");
            }

            if (e.Tags is null)
            {
                throw new ArgumentNullException(nameof(events), $"Event {i} of the commit has null tags; give it an empty list instead.");
            }
        }
    }
}
