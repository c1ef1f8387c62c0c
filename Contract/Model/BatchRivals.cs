namespace EventCommitLab.Contract.Model;

/// <summary>
/// What the commits taken into a batch so far rule out for a later commit of the same batch: a second commit of an
/// aggregate that does not continue the first (two checks of one stored version in one set-based statement could both
/// pass), and a conditional commit whose condition matches an earlier commit's events (the store checks a condition
/// against the log, where those events are not yet). Either goes in the next batch, where the log decides it.
/// </summary>
/// <remarks>
/// A commit that expects the version the aggregate's last commit in the batch produces continues it: the batch holds a
/// chain of the aggregate's commits, which the store checks in order, each against the version the commits before it
/// leave, as if they were written one after another. An owner that hands over its next commit before the last is
/// acknowledged (Akka's PersistAsync) needs them in one batch; without chains it could put one commit per aggregate in a
/// batch.
/// </remarks>
public sealed class BatchRivals
{
    // Per aggregate in the batch, the version its last commit here produces: the version a continuing commit expects.
    private readonly Dictionary<AggregateKey, long> _aggregates = [];
    private readonly List<CommitRequest> _taken = [];

    // Built only once a conditional commit asks, and then only over what it has not seen: a batch without conditions
    // (every batch of the harness's workloads) pays a list append per commit, not an index entry per event and tag.
    private BatchEventIndex? _events;
    private int _indexed;

    /// <summary>Why <paramref name="request"/> may not join the batch, or null when it may.</summary>
    public string? WhyNotWith(CommitRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (request.Aggregate is { } expectation && _aggregates.TryGetValue(expectation.Aggregate, out var next) && expectation.ExpectedVersion != next)
        {
            return $"Aggregate {expectation.Aggregate} has two commits in one batch that do not continue each other (the second expects version {expectation.ExpectedVersion}, the first leaves it at {next})";
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
            _aggregates[expectation.Aggregate] = request.NextAggregateVersion!.Value;
        }

        _taken.Add(request);
    }
}
