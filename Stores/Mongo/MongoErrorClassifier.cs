using EventCommitLab.Contract.Port;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>What a MongoDB error means for a commit, from codes, categories and error labels only, never message text.</summary>
public static class MongoErrorClassifier
{
    public const string TransientTransactionError = "TransientTransactionError";
    public const string UnknownTransactionCommitResult = "UnknownTransactionCommitResult";

    /// <summary>The server refused the operation before running it because it is overloaded (client backpressure).</summary>
    public const string SystemOverloadedError = "SystemOverloadedError";
    public const int WriteConflict = 112;
    public const int DuplicateKey = 11000;

    /// <summary>The server holds no such transaction (aborted, expired, or lost with a primary): nothing of it was committed.</summary>
    public const int NoSuchTransaction = 251;

    /// <summary>Not-primary and node-is-recovering codes: the replica set is electing a primary; the write did not happen.</summary>
    private static readonly HashSet<int> NotPrimary = [10107, 13435, 13436, 11600, 11602, 189, 91];

    public static StoreErrorKind Classify(Exception exception) => exception switch
    {
        // A write whose answer was lost (the store already retried a commit as a commit): looked up before anything else.
        WriteOutcomeUnknownException => StoreErrorKind.OutcomeUnknown,
        MongoException mongo => Classify(FactsOf(mongo)),
        TimeoutException => StoreErrorKind.Transient,
        _ => StoreErrorKind.Fatal,
    };

    public static StoreErrorKind Classify(MongoErrorFacts facts)
    {
        ArgumentNullException.ThrowIfNull(facts);
        return facts switch
        {
            // The commit may have happened: running the whole commit again could write it twice, so it is looked up first.
            _ when facts.Labels.Contains(UnknownTransactionCommitResult) => StoreErrorKind.OutcomeUnknown,
            { Source: MongoErrorSource.WriteConcern } => StoreErrorKind.OutcomeUnknown,

            // The whole transaction was aborted and may be run again: a write conflict, a primary stepping down in it.
            _ when facts.Labels.Contains(TransientTransactionError) => StoreErrorKind.Transient,
            { Code: WriteConflict } => StoreErrorKind.Transient,

            // A duplicate sequence number is two writers taking one number: nothing of this commit was written; try again.
            { DuplicateKey: true } => StoreErrorKind.Transient,
            { Code: { } code } when NotPrimary.Contains(code) => StoreErrorKind.Transient,
            { Code: NoSuchTransaction } => StoreErrorKind.Transient,

            // Refused unrun for overload: the driver's own overload retries are off (the provider sets none), so this
            // retry is the strategy's, counted and backed off like every other.
            _ when facts.Labels.Contains(SystemOverloadedError) => StoreErrorKind.Transient,

            // A read that lost its connection, or an operation never sent: nothing was written. A write whose answer
            // was lost reaches the strategies as WriteOutcomeUnknownException, from the store's session, which alone
            // knows that the operation was a write (and, in a transaction, the driver labels it, handled above).
            { Source: MongoErrorSource.Network } => StoreErrorKind.Transient,
            _ => StoreErrorKind.Fatal,
        };
    }

    /// <summary>
    /// What an error of commitTransaction means: once the command may have been sent, only the server's own answer
    /// says the transaction did not commit. A timeout choosing a server, a lost connection, a cancellation or anything
    /// else thrown may follow a send (the driver retries a commit once on its own), so its outcome is unknown.
    /// </summary>
    public static StoreErrorKind ClassifyCommit(Exception exception) => exception switch
    {
        // This commitTransaction did not run, but the driver's own retry of it may follow a send that did.
        MongoServerException server when server.ErrorLabels.Contains(SystemOverloadedError) => StoreErrorKind.OutcomeUnknown,
        MongoServerException server => Classify(FactsOf(server)),
        _ => StoreErrorKind.OutcomeUnknown,
    };

    /// <summary>The facts of a driver exception, from its type, codes, write errors and labels.</summary>
    public static MongoErrorFacts FactsOf(MongoException exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        var labels = exception.ErrorLabels.ToArray();
        return exception switch
        {
            MongoWriteConcernException e => new(e.Code, false, labels, MongoErrorSource.WriteConcern),
            MongoWriteException { WriteConcernError: not null } e when e.WriteError is null => new(null, false, labels, MongoErrorSource.WriteConcern),
            MongoWriteException e => new(e.WriteError?.Code, e.WriteError?.Category == ServerErrorCategory.DuplicateKey, labels, MongoErrorSource.Server),
            MongoBulkWriteException e when e.WriteErrors.Count == 0 && e.WriteConcernError is not null => new(null, false, labels, MongoErrorSource.WriteConcern),
            MongoBulkWriteException e => new(e.WriteErrors.FirstOrDefault()?.Code, e.WriteErrors.Any(w => w.Category == ServerErrorCategory.DuplicateKey), labels, MongoErrorSource.Server),
            MongoCommandException e => new(e.Code, e.Code == DuplicateKey, labels, MongoErrorSource.Server),
            MongoConnectionException => new(null, false, labels, MongoErrorSource.Network),

            // The pool refuses a connection while its server is marked unknown: nothing was sent.
            MongoConnectionPoolPausedException => new(null, false, labels, MongoErrorSource.Network),
            _ => new(null, false, labels, MongoErrorSource.Client),
        };
    }
}
