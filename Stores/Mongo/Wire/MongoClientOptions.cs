namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>The connection-string options the lab's client honours; null where the string does not set them.</summary>
public sealed record MongoClientOptions
{
    public string? AppName { get; init; }

    public string? AuthMechanism { get; init; }

    public IReadOnlyDictionary<string, string>? AuthMechanismProperties { get; init; }

    public string? AuthSource { get; init; }

    public TimeSpan? ConnectTimeout { get; init; }

    public bool? DirectConnection { get; init; }

    public bool? Journal { get; init; }

    public int? MaxPoolSize { get; init; }

    public string? ReadConcernLevel { get; init; }

    public string? ReplicaSet { get; init; }

    public TimeSpan? ServerSelectionTimeout { get; init; }

    public bool? Tls { get; init; }

    /// <summary>The write concern's w: a number of members, or a tag such as "majority".</summary>
    public string? W { get; init; }

    public TimeSpan? WTimeout { get; init; }
}
