using System.Runtime.InteropServices;

namespace EventCommitLab.Verification;

/// <summary>
/// A log's events twice over: in sequence order, and grouped by commit with each commit's events in sequence order, so
/// that the verifier's checks are single passes over arrays instead of groupings of millions of events.
/// </summary>
internal sealed class LogIndex
{
    private readonly CheckedEvent[] _byCommit;
    private readonly Dictionary<Guid, CommitSlice> _commits;

    private LogIndex(CheckedEvent[] inSequence, CheckedEvent[] byCommit, Dictionary<Guid, CommitSlice> commits) =>
        (InSequence, _byCommit, _commits) = (inSequence, byCommit, commits);

    /// <summary>Every event in sequence order; events sharing a number in the order they were read.</summary>
    public CheckedEvent[] InSequence { get; }

    /// <summary>Every commit in the log with its events.</summary>
    public IEnumerable<(Guid CommitId, ArraySegment<CheckedEvent> Events)> Commits =>
        _commits.Select(c => (c.Key, new ArraySegment<CheckedEvent>(_byCommit, c.Value.Start, c.Value.Count)));

    public static LogIndex Of(IReadOnlyList<CheckedEvent> events)
    {
        ArgumentNullException.ThrowIfNull(events);
        var inSequence = InSequenceOrder(events);

        // Counted first, then placed: each commit's events land side by side in one array, in sequence order.
        var commits = new Dictionary<Guid, CommitSlice>();
        foreach (var e in inSequence)
        {
            CollectionsMarshal.GetValueRefOrAddDefault(commits, e.CommitId, out _).Count++;
        }

        var start = 0;
        foreach (var commitId in commits.Keys.ToArray())
        {
            ref var slice = ref CollectionsMarshal.GetValueRefOrNullRef(commits, commitId);
            slice.Start = slice.Placed = start;
            start += slice.Count;
        }

        var byCommit = new CheckedEvent[inSequence.Length];
        foreach (var e in inSequence)
        {
            byCommit[CollectionsMarshal.GetValueRefOrNullRef(commits, e.CommitId).Placed++] = e;
        }

        return new LogIndex(inSequence, byCommit, commits);
    }

    /// <summary>The commit's events in sequence order; none when the log holds none of it.</summary>
    public ArraySegment<CheckedEvent> EventsOf(Guid commitId) =>
        _commits.TryGetValue(commitId, out var slice) ? new ArraySegment<CheckedEvent>(_byCommit, slice.Start, slice.Count) : ArraySegment<CheckedEvent>.Empty;

    /// <summary>The events as read when they came in sequence order (as every store reads them), else sorted, stably.</summary>
    private static CheckedEvent[] InSequenceOrder(IReadOnlyList<CheckedEvent> events)
    {
        for (var i = 1; i < events.Count; i++)
        {
            if (events[i].SequenceNumber < events[i - 1].SequenceNumber)
            {
                return [.. events.OrderBy(e => e.SequenceNumber)];
            }
        }

        return [.. events];
    }

    private struct CommitSlice
    {
        public int Start;
        public int Count;
        public int Placed;
    }
}
