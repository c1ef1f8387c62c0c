namespace EventCommitLab.Stores.Mongo;

/// <summary>Where the MongoDB store comes from, how durable its commits are, and who retries a failed write.</summary>
public sealed record MongoStoreConfiguration
{
    public const string UriVariable = "MONGODB_URI";

    public static IReadOnlyList<string> WriteConcerns { get; } = ["w1", "journaled", "majority"];

    public static IReadOnlyList<string> RetryableChoices { get; } = ["off", "on"];

    /// <summary>A MongoDB 5.0+ replica set (snapshot reads at a chosen point, as the verifier reads the log back) or Atlas cluster (--mongo-uri, MONGODB_URI). The lab creates and drops its own databases there.</summary>
    public string? Uri { get; init; }

    /// <summary>The write concern of every commit: w1, journaled or majority. Default majority.</summary>
    public string WriteConcern { get; init; } = "majority";

    /// <summary>
    /// Whether the driver retries a write or read once on its own after a network error or a primary change
    /// (--mongo-retryable). Off by default: every retry then goes through the strategies' retry policy and is counted
    /// in the tables, as on PostgreSQL, whose client never retries on its own.
    /// </summary>
    public bool Retryable { get; init; }

    public static MongoStoreConfiguration FromEnvironment() =>
        new() { Uri = Environment.GetEnvironmentVariable(UriVariable) is { Length: > 0 } uri ? uri : null };
}
