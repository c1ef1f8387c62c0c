using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract.Port;

public static class EventLogReaderExtensions
{
    /// <summary>The whole snapshot (<see cref="IEventLogReader.ReadSnapshotAsync{TEvent}"/>), every event kept as read.</summary>
    public static Task<EventLogSnapshot<StoredEvent>> ReadSnapshotAsync(this IEventLogReader log, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(log);
        return log.ReadSnapshotAsync(static e => e, cancellationToken);
    }
}
