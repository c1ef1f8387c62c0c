namespace EventCommitLab.SuitePorts.Ceiling;

/// <summary>
/// The store's own benchmark tool writing the event log's rows: the same table and row shapes the strategies and the
/// ceiling write, each statement one commit, several clients at once. The ceiling is held against it, so that a
/// ceiling far below what the server takes from its own tool is seen, not assumed away.
/// </summary>
public interface IStoreToolEventInserts
{
    /// <summary>
    /// Runs the tool for <paramref name="duration"/> with <paramref name="clients"/> clients, each committing statements of
    /// <paramref name="rowsPerStatement"/> events of about <paramref name="payloadBytes"/> bytes of payload, made where
    /// <paramref name="rows"/> says, in a fresh log at the store's durability. Null when the tool is not on the machine
    /// or cannot make the rows that way.
    /// </summary>
    Task<StoreToolInsertRate?> MeasureEventInsertsWithStoreToolAsync(
        int rowsPerStatement, int clients, int payloadBytes, StoreToolRows rows, TimeSpan duration, CancellationToken cancellationToken);
}
