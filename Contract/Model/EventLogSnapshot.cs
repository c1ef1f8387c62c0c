namespace EventCommitLab.Contract.Model;

/// <summary>
/// The log, the aggregate versions and the sequence counter as the database held them at one moment: a commit that
/// landed while they were read is in all three or in none.
/// </summary>
/// <param name="CounterNext">The next number the store's counter would hand out; null when the store keeps none.</param>
public sealed record EventLogSnapshot(IReadOnlyList<StoredEvent> Events, IReadOnlyList<AggregateVersionRecord> Aggregates, long? CounterNext = null);
