using DotNet.Testcontainers.Configurations;
using Testcontainers.MongoDb;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// A throwaway single-node MongoDB replica set in Docker (Testcontainers), for when no URI names one and a Docker
/// engine answers: started the way the lab starts its private PostgreSQL, removed when the store is disposed. Its
/// test commands are on, so the fail-point tests run on it. Docker pulls the image on first use.
/// </summary>
public sealed class MongoDockerReplicaSet : IAsyncDisposable
{
    public const string Image = "mongo:7.0";

    private readonly MongoDbContainer _container;

    private MongoDockerReplicaSet(MongoDbContainer container, string uri)
    {
        _container = container;
        Uri = uri;
    }

    /// <summary>The replica set's URI, as the driver takes it.</summary>
    public string Uri { get; }

    /// <summary>Why no replica set can be started here, or null when a Docker engine answers.</summary>
    public static string? UnavailableBecause() =>
        TestcontainersSettings.OS.DockerEndpointAuthConfig is null ? "no Docker engine answers here (DOCKER_HOST, or the local socket)" : null;

    /// <param name="log">Progress while the image is pulled and the set starts: a first pull can take minutes.</param>
    public static async Task<MongoDockerReplicaSet> StartAsync(Action<string> log, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(log);
        log($"[mongo] starting a single-node replica set in Docker ({Image}); the first start pulls the image");
        var container = new MongoDbBuilder(Image).WithReplicaSet("rs0").WithCommand("--setParameter", "enableTestCommands=1")
            .WithLogger(new MongoDockerProgress(log, TimeProvider.System)).Build();
        try
        {
            await container.StartAsync(cancellationToken).ConfigureAwait(false);
            return new MongoDockerReplicaSet(container, container.GetConnectionString());
        }
        catch
        {
            await container.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public ValueTask DisposeAsync() => _container.DisposeAsync();
}
