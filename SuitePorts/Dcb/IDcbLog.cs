using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.SuitePorts.Dcb;

/// <summary>
/// A Dynamic Consistency Boundary log: events with types and tags, appended with or without a condition. Each store
/// keeps conditions true with its own mechanisms; the DCB appenders choose between them.
/// </summary>
public interface IDcbLog : IDcbLogReader, IAsyncDisposable
{
    string Description { get; }

    /// <summary>One append in one transaction, its condition held by <paramref name="locking"/>.</summary>
    Task<DcbAppendResult> AppendAsync(DcbAppend append, DcbLocking locking, CancellationToken cancellationToken);

    /// <summary>
    /// A batch of appends in one transaction, exclusive among batch writers: each condition checked, in batch order,
    /// against the log and against the appends of the batch written before it (<see cref="DcbBatchConditions"/>).
    /// All or nothing: throws when the transaction fails. An answer is null when the append is undecided: a store that
    /// checks in one round trip assumes the log breaks no condition, and an append it left out only because an earlier
    /// append of the batch looked written (which the log then broke) must be written again in a later batch.
    /// </summary>
    Task<IReadOnlyList<DcbAppendResult?>> AppendBatchAsync(IReadOnlyList<DcbAppend> batch, CancellationToken cancellationToken);

    /// <summary>The store's fastest bulk path, for a dataset: <paramref name="events"/> appended in order, unconditionally.</summary>
    Task LoadAsync(IReadOnlyList<DcbEvent> events, CancellationToken cancellationToken);

    /// <summary>
    /// Fills an empty log on the server (no rows cross the wire): <paramref name="tags"/> x <paramref name="eventsPerTag"/>
    /// events, event p (1-based) tagged <c>tag:((p - 1) mod tags)</c>, of type <c>Tagged</c>.
    /// </summary>
    Task FillWithTaggedEventsAsync(int tags, int eventsPerTag, CancellationToken cancellationToken);

    StoreErrorKind Classify(Exception exception);
}
