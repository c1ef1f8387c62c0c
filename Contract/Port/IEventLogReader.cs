using EventCommitLab.Contract.Model;

namespace EventCommitLab.Contract.Port;

/// <summary>What the verifier and the tailing reader read of an event log: only what is stored, never what a strategy holds.</summary>
public interface IEventLogReader
{
    /// <summary>
    /// The whole log in sequence order, every aggregate's version and the counter from one view of the database, each
    /// event kept as <paramref name="keep"/> makes it the moment it is read: the verifier keeps a few fields and digests
    /// of each, not a log of millions of payloads. Read one after another, a commit landing in between (a killed
    /// writer's last statement, say) would be in one and not the other, and the verifier would report a drift or a
    /// loss that never happened.
    /// </summary>
    Task<EventLogSnapshot<TEvent>> ReadSnapshotAsync<TEvent>(Func<StoredEvent, TEvent> keep, CancellationToken cancellationToken);

    /// <summary>The whole log in sequence order, as committed.</summary>
    IAsyncEnumerable<StoredEvent> ReadLogAsync(CancellationToken cancellationToken);

    /// <summary>
    /// The committed sequence numbers above <paramref name="after"/>, ascending, at most <paramref name="limit"/>: what
    /// a catch-up subscription reads, each call with a fresh view of what is committed.
    /// </summary>
    Task<IReadOnlyList<long>> ReadSequenceNumbersAfterAsync(long after, int limit, CancellationToken cancellationToken);

    /// <summary>
    /// The positions of events written with their transaction's id (see <see cref="IStoreSession.InsertEventsNumberedByServerAsync"/>)
    /// after <paramref name="after"/>, in position order, at most <paramref name="limit"/>, and only those of transactions
    /// older than every transaction still running: what a reader that stops below the transaction horizon reads. Only where
    /// the store offers <see cref="StoreFeature.TransactionHorizon"/>.
    /// </summary>
    /// <exception cref="NotSupportedException">The store does not offer the feature.</exception>
    Task<IReadOnlyList<TransactionPosition>> ReadBelowTransactionHorizonAsync(TransactionPosition after, int limit, CancellationToken cancellationToken);
}
