using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract.Port;

/// <summary>What recovering one entity reads: its stream's events, in order (the journal suite's recovery rows).</summary>
public interface IStreamReader
{
    /// <summary>
    /// Indexes the log for reads by stream. Done on a fresh log before any write, so that every write after it pays for
    /// the index, as an event store's (and Akka's journal's primary key on persistence id and sequence number) does.
    /// </summary>
    Task IndexStreamsAsync(CancellationToken cancellationToken);

    /// <summary>The events of <paramref name="eventSource"/>, in sequence order.</summary>
    IAsyncEnumerable<StoredEvent> ReadStreamAsync(string eventSource, CancellationToken cancellationToken);
}
