using EventCommitLab.Contract.Port;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// What one warm commit of three events sends to MongoDB, per strategy: the commands in order (each a round trip), the
/// ones that wait for the write concern, and what the committers of one process write in common. The command-shape
/// tests hold every commit to these on the emulator (which proves shapes, not semantics); what MongoDB does on a shared
/// document is its documented behaviour: a second transaction writing a document another open transaction wrote fails
/// with a write conflict (TransientTransactionError) and is retried, where PostgreSQL would queue it behind the lock.
/// A strategy not listed here (a tuning, or one the store cannot run) is held to the store's invariants alone.
/// </summary>
public static class MongoCommitShapes
{
    private const string Counter = "the log's counter document";

    public static StoreCommitShapes All { get; } = new(
        "mongo",
        "MongoDB",
        "a transaction writing a document another open one wrote is aborted (write conflict), then retried after the drivers' backoff (5 to 500 ms); PostgreSQL queues it behind the row lock",
        "MONGODB_URI='mongodb://HOST:27017/?replicaSet=NAME' dotnet run -c Release --project Harness -- --store mongo",
        [
            Shape("CurrentImplementation", "aggregate insert insert insert commitTransaction", "update aggregate insert insert insert commitTransaction", SharedWrite.InTransaction, "the log's next numbers (their unique index)"),
            Shape("TransactionalCounter", "findAndModify insert commitTransaction", "update findAndModify insert commitTransaction", SharedWrite.InTransaction, Counter),
            Shape("InMemorySequence", "insert insert insert commitTransaction", "update insert insert insert commitTransaction", SharedWrite.Nothing),
            Shape("InsertMany", "insert commitTransaction", "update insert commitTransaction", SharedWrite.Nothing),
            Shape("SingleEventNoTransaction", "insert commitTransaction", "update insert commitTransaction", SharedWrite.Nothing),
            Shape("SimulatedBatching", "findAndModify insert commitTransaction", "find update findAndModify insert commitTransaction", SharedWrite.OncePerBatch, Counter),
            Shape("BatchingPipeline", "findAndModify insert commitTransaction", "find update findAndModify insert commitTransaction", SharedWrite.OncePerBatch, Counter),
            // Each of its two batches in flight takes the counter in a transaction of its own: the second meets the first there.
            Shape("BatchingPipeline2InFlight", "findAndModify insert commitTransaction", "find update findAndModify insert commitTransaction", SharedWrite.InTransaction, Counter),
            Shape("LockedCounterStatement", "findAndModify insert commitTransaction", "find update findAndModify insert commitTransaction", SharedWrite.InTransaction, Counter),
            // The counter's findAndModify runs outside the transaction at w:1, as nextval does: atomic, so a second one waits.
            Shape("ServerSequence", "findAndModify insert commitTransaction", "update findAndModify insert commitTransaction", SharedWrite.Atomically, "the server sequence's document"),
        ]);

    // Every commit of these waits for the write concern once, at commitTransaction: the statements inside a transaction
    // carry none, and ServerSequence's counter is taken at w:1.
    private static CommitShape Shape(string strategy, string plain, string aggregate, SharedWrite shares, string? shared = null) =>
        new(strategy, plain.Split(' '), aggregate.Split(' '), DurabilityWaits: 1, shares, shared);
}
