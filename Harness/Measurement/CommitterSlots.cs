using EventCommitLab.Harness.Results;
using EventCommitLab.Strategies.Dcb;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Workload;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// The committers of one case: committer i always commits the same NumberOfEvents events (under a new commit id each
/// time) and, for aggregate commits, advances its own aggregate from the version it is at, or, for conditional commits,
/// asks that no event of its own tag follow the head acknowledged so far, so commits never conflict.
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
    private long _head = -1;

    public CommitterSlots(CellKey cell, int payloadBytes)
    {
        ArgumentNullException.ThrowIfNull(cell);
        _method = cell.Method;
        var sample = new SampleEvents(payloadBytes);
        _aggregates = [.. Enumerable.Range(0, cell.ConcurrentBatches).Select(_ => new AggregateKey($"{Guid.NewGuid():N}", "Order"))];
        _events = [.. _aggregates.Select(a => sample.Create(a.EventSource, cell.NumberOfEvents))];
        if (cell.Method == BenchmarkMethod.CommitConditionalEvents)
        {
            // Each committer's events carry its own tag, which its condition names with their type.
            _events = [.. _events.Select((events, slot) => events.Select(e => e with { Tags = [.. e.Tags, CommitterTag(slot)] }).ToArray())];
        }

        _conditions = [.. _events.Select((events, slot) => new AppendCondition(DcbQuery.Of([events[0].EventType], CommitterTag(slot)), null))];
        _warmupEvents = [.. _events.Select(events => events.Length > WarmupEventsPerCommit ? events[..WarmupEventsPerCommit] : events)];
        _versions = new long[cell.ConcurrentBatches];
    }

    public int Count => _aggregates.Length;

    /// <summary>Committer <paramref name="slot"/>'s next commit; an unmeasured (warmup) one carries at most ten of its events.</summary>
    public CommitRequest Next(int slot, bool measured)
    {
        var events = measured ? _events[slot] : _warmupEvents[slot];
        return _method switch
        {
            BenchmarkMethod.CommitAggregateEvents => CommitRequest.ForAggregate(_aggregates[slot], Volatile.Read(ref _versions[slot]), events),
            BenchmarkMethod.CommitConditionalEvents => CommitRequest.ForCondition(_conditions[slot] with { After = Volatile.Read(ref _head) is var head and >= 0 ? head : null }, events),
            _ => CommitRequest.ForEvents(events),
        };
    }

    /// <summary>One commit from every committer, as a wave or a group.</summary>
    public CommitRequest[] NextGroup(bool measured) => [.. Enumerable.Range(0, Count).Select(slot => Next(slot, measured))];

    /// <summary>Moves committer <paramref name="slot"/>'s aggregate, and the head conditions are made after, on once its commit is acknowledged.</summary>
    public void Acknowledged(int slot, CommitRequest request, CommitResult result)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentNullException.ThrowIfNull(result);
        if (request.NextAggregateVersion is { } version)
        {
            Volatile.Write(ref _versions[slot], version);
        }

        if (request.Condition is not null && result.SequenceNumbers.Count > 0)
        {
            var last = result.SequenceNumbers.Max();
            var head = Volatile.Read(ref _head);
            while (last > head)
            {
                var seen = Interlocked.CompareExchange(ref _head, last, head);
                if (seen == head)
                {
                    break;
                }

                head = seen;
            }
        }
    }

    private static string CommitterTag(int slot) => string.Create(System.Globalization.CultureInfo.InvariantCulture, $"committer:{slot}");
}
