namespace EventCommitLab.Contract.Port;

/// <summary>What some strategies and readers need of a store beyond the operations every store offers.</summary>
public enum StoreFeature
{
    /// <summary>
    /// A sequence the database hands numbers out of outside any transaction's control, as PostgreSQL's <c>nextval</c>:
    /// <see cref="IStoreSession.InsertEventsNumberedByServerAsync"/>.
    /// </summary>
    ServerSequence,

    /// <summary>
    /// The writing transaction's id stored with each event, and reads that stop below the oldest transaction still
    /// running: <see cref="IEventLogReader.ReadBelowTransactionHorizonAsync"/>.
    /// </summary>
    TransactionHorizon,

    /// <summary>
    /// A check, inside a session's transaction, of whether the log holds an event matching a conditional commit's
    /// condition: <see cref="IStoreSession.AnyEventMatchesAsync"/>.
    /// </summary>
    AppendConditions,

    /// <summary>
    /// A batch of plain commits written with the numbers its writer gives it, the sequence counter moved past them only
    /// if it stood at the first: <see cref="IEventStore.WriteBatchFromAsync"/>.
    /// </summary>
    NumberedBatches,
}
