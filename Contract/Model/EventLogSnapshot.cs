namespace EventCommitLab.Contract.Model;

/// <summary>
/// The log, the aggregate versions and the sequence counter as the database held them at one moment: a commit that
/// landed while they were read is in all three or in none.
/// </summary>
/// <typeparam name="TEvent">What was kept of each event as it was read: the event itself, or what a reader needs of it.</typeparam>
/// <param name="Events">The log's events in sequence order, each as kept.</param>
/// <param name="CounterNext">The next number the store's counter would hand out; null when the store keeps none.</param>
public sealed record EventLogSnapshot<TEvent>(IReadOnlyList<TEvent> Events, IReadOnlyList<AggregateVersionRecord> Aggregates, long? CounterNext = null);
