namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>How connections are opened, derived from a connection string.</summary>
public sealed record MongoConnectionSettings
{
    public static readonly TimeSpan DefaultConnectTimeout = TimeSpan.FromSeconds(10);

    /// <summary>The TCP connect, TLS handshake, hello and authentication together must finish within this. Default 10 s.</summary>
    public TimeSpan ConnectTimeout { get; init; } = DefaultConnectTimeout;

    public bool Tls { get; init; }

    public string? AppName { get; init; }

    public MongoCredential? Credential { get; init; }

    /// <summary>The client's cluster clock, gossiped on every command; null for a connection on its own.</summary>
    public MongoClusterClock? ClusterClock { get; init; }

    /// <exception cref="InvalidMongoConnectionStringException">A mechanism the client does not speak.</exception>
    public static MongoConnectionSettings From(MongoConnectionString connectionString)
    {
        ArgumentNullException.ThrowIfNull(connectionString);
        var options = connectionString.Options;
        return new MongoConnectionSettings
        {
            ConnectTimeout = options.ConnectTimeout is { } t && t > TimeSpan.Zero ? t : DefaultConnectTimeout,
            Tls = options.Tls ?? false,
            AppName = options.AppName,
            Credential = MongoCredential.From(connectionString),
        };
    }
}
