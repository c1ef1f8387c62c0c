using EventCommitLab.Contract.Port;

namespace EventCommitLab.Stores.Mongo;

/// <summary>How an application on MongoDB's drivers retries a transaction that failed with TransientTransactionError.</summary>
public static class MongoRetryGuidance
{
    /// <summary>
    /// The convenient transactions API's backoff (<c>withTransaction</c>, the transactions-convenient-api
    /// specification; the .NET driver since 3.7): a write conflict on a shared counter document aborts the loser at
    /// once rather than queueing it, so what a counter strategy pays on MongoDB is this curve, not the lab's.
    /// </summary>
    public static TransientRetryGuidance WithTransaction { get; } = new(
        TimeSpan.FromMilliseconds(5), TimeSpan.FromMilliseconds(500), 1.5,
        "the convenient transactions API (withTransaction): full jitter of 5 ms growing 1.5 times a retry to at most 500 ms, for up to 120 s");
}
