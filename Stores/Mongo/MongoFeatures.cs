using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Stores.Mongo;

/// <summary>What MongoDB cannot offer the strategies and readers that need more than the common port, and why.</summary>
internal static class MongoFeatures
{
    public static string? Lacks(StoreFeature feature) => feature switch
    {
        StoreFeature.ServerSequence =>
            "MongoDB has no sequence object; a counter document incremented outside the transaction would stand in for one, " +
            "but no MongoDB was reachable to verify it, so it is not offered",
        StoreFeature.TransactionHorizon =>
            "MongoDB exposes no transaction ids to store with events and no snapshot horizon to read below",
        StoreFeature.AppendConditions =>
            "the check of an append condition against MongoDB's log is not built: no MongoDB was reachable to verify it " +
            "(the DCB suites say the same of a MongoDB DCB log)",
        _ => $"unknown feature {feature}",
    };
}
