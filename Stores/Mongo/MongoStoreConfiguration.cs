namespace EventCommitLab.Stores.Mongo;

/// <summary>Where the MongoDB store comes from and how durable its commits are.</summary>
public sealed record MongoStoreConfiguration
{
    public const string UriVariable = "MONGODB_URI";

    public static IReadOnlyList<string> WriteConcerns { get; } = ["w1", "journaled", "majority"];

    /// <summary>A MongoDB 4.2+ replica set or Atlas cluster (--mongo-uri, MONGODB_URI). The lab creates and drops its own databases there.</summary>
    public string? Uri { get; init; }

    /// <summary>The write concern of every commit: w1, journaled or majority. Default majority.</summary>
    public string WriteConcern { get; init; } = "majority";

    public static MongoStoreConfiguration FromEnvironment() =>
        new() { Uri = Environment.GetEnvironmentVariable(UriVariable) is { Length: > 0 } uri ? uri : null };
}
