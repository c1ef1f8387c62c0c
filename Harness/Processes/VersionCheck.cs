using EventCommitLab.Contract.Model;

namespace EventCommitLab.Harness.Processes;

/// <summary>
/// What the log says of the aggregates the writer processes shared, read from the database alone: no ledger crosses
/// the processes, so this checks what the store must hold whoever wrote (every aggregate's versions 1, 2, 3, ... once
/// each, every sequence number once), not that every acknowledged commit landed.
/// </summary>
/// <param name="Aggregates">Aggregates in the log.</param>
/// <param name="Events">Events in the log, of the aggregates and plain.</param>
/// <param name="BrokenAggregates">Aggregates whose versions skip, repeat or do not start at 1.</param>
/// <param name="RepeatedNumbers">Sequence numbers held by more than one event.</param>
internal sealed record VersionCheck(int Aggregates, long Events, int BrokenAggregates, long RepeatedNumbers)
{
    public bool Passed => BrokenAggregates == 0 && RepeatedNumbers == 0;

    public static VersionCheck Of(EventLogSnapshot<StoredEvent> snapshot)
    {
        ArgumentNullException.ThrowIfNull(snapshot);
        var aggregateEvents = snapshot.Events.Where(e => e.AggregateVersion is not null).ToArray();
        var byAggregate = aggregateEvents.GroupBy(e => (e.EventSource, e.AggregateType)).ToArray();
        var broken = byAggregate.Count(g => !g.Select(e => e.AggregateVersion!.Value).Order().SequenceEqual(Enumerable.Range(1, g.Count()).Select(v => (long)v)));
        var repeated = snapshot.Events.Count - snapshot.Events.Select(e => e.SequenceNumber).Distinct().LongCount();
        return new VersionCheck(byAggregate.Length, snapshot.Events.Count, broken, repeated);
    }
}
