namespace EventCommitLab.Contract.Model;

/// <summary>
/// What the commits taken into a batch so far rule out for a later commit of the same batch: a second commit of an
/// aggregate (two checks in one set-based statement could both pass against the same stored version), and a conditional
/// commit whose condition matches an earlier commit's events (the store checks a condition against the log, where those
/// events are not yet). Either goes in the next batch, where the log decides it.
/// </summary>
public sealed class BatchRivals
{
    private readonly HashSet<AggregateKey> _aggregates = [];
    private readonly List<CommitRequest> _taken = [];

    // Built only once a conditional commit asks, and then only over what it has not seen: a batch without conditions
    // (every batch of the harness's workloads) pays a list append per commit, not an index entry per event and tag.
    private BatchEventIndex? _events;
    private int _indexed;

    /// <summary>Why <paramref name="request"/> may not join the batch, or null when it may.</summary>
    public string? WhyNotWith(CommitRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (request.Aggregate is { } expectation && _aggregates.Contains(expectation.Aggregate))
        {
            return $"Aggregate {expectation.Aggregate} has two commits in one batch";
        }

        if (request.Condition is not { } condition)
        {
            return null;
        }

        _events ??= new BatchEventIndex();
        for (; _indexed < _taken.Count; _indexed++)
        {
            foreach (var e in _taken[_indexed].Events)
            {
                _events.Add(e.EventType, e.Tags);
            }
        }

        return _events.AnyMatches(condition.FailIfEventsMatch) ? $"The condition of commit {request.CommitId} matches events of an earlier commit in its batch" : null;
    }

    public void Add(CommitRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (request.Aggregate is { } expectation)
        {
            _aggregates.Add(expectation.Aggregate);
        }

        _taken.Add(request);
    }
}
