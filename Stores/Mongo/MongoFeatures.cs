using EventCommitLab.Contract.Port;

namespace EventCommitLab.Stores.Mongo;

/// <summary>What MongoDB cannot offer the strategies and readers that need more than the common port, and why.</summary>
internal static class MongoFeatures
{
    public static string? Lacks(StoreFeature feature) => feature switch
    {
        // A counter document incremented outside the commit's transaction (MongoStoreSession.InsertEventsNumberedByServerAsync).
        StoreFeature.ServerSequence => null,
        StoreFeature.TransactionHorizon =>
            "MongoDB exposes no transaction ids to store with events and no snapshot horizon to read below",
        StoreFeature.AppendConditions =>
            "a condition checked under MongoDB's snapshot isolation needs a lock document per tag written in the same transaction " +
            "(without it two appends can both pass their conditions: write skew); that lock is not built, and no MongoDB was reachable to test it",
        StoreFeature.NumberedBatches =>
            "a batch numbered by its writer inserts its events before it takes the counter document; that write is not built for MongoDB, and no MongoDB was reachable to test it",
        _ => $"unknown feature {feature}",
    };
}
