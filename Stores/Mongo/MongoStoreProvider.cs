using System.Text.RegularExpressions;
using EventCommitLab.Contract.Port;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// The MongoDB store for the harness and the tests, through the official driver: a deployment given by URI, on which
/// every fresh store is a new database, dropped when the store is disposed. It refuses, within seconds and in one line,
/// a missing or invalid URI, a server that does not answer, one that cannot run transactions, and one whose
/// transactions or keys do not behave as MongoDB's (<see cref="MongoDeploymentCheck"/>).
/// </summary>
public sealed partial class MongoStoreProvider : IEventStoreProvider
{
    /// <summary>How long the driver looks for a server before the lab says none answered.</summary>
    public static readonly TimeSpan ServerSelectionTimeout = TimeSpan.FromSeconds(5);

    /// <summary>
    /// Connections per host: the grid's most committers (--concurrency takes up to 1,000), their readers and the lab's
    /// checks, so that the pool never queues a commit and the figure is the server's, not the pool's.
    /// </summary>
    public const int MaxConnections = 1_100;

    private readonly MongoClient _client;
    private readonly MongoCommitCount _commits;
    private readonly string _description;
    private readonly MongoDockerReplicaSet? _docker;

    private MongoStoreProvider(string uri, MongoClient client, MongoCommitCount commits, string writeConcern, string description, MongoDockerReplicaSet? docker)
    {
        Uri = uri;
        _client = client;
        _commits = commits;
        Durability = writeConcern;
        _description = description;
        _docker = docker;
    }

    /// <summary>Why the store cannot run with <paramref name="configuration"/> here, or null when it can: a URI, or a Docker engine to start a replica set in.</summary>
    public static string? UnavailableBecause(MongoStoreConfiguration configuration) => UnavailableBecause(configuration, MongoDockerReplicaSet.UnavailableBecause());

    /// <param name="configuration">The store's settings.</param>
    /// <param name="dockerUnavailable">Why no Docker engine can start a replica set here, or null when one answers.</param>
    internal static string? UnavailableBecause(MongoStoreConfiguration configuration, string? dockerUnavailable)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        return configuration.Uri is null && dockerUnavailable is { } docker
            ? $"{MongoStoreConfiguration.UriVariable} is not set (nor --mongo-uri), and {docker} to start a throwaway replica set in: set it to a MongoDB 5.0+ " +
              "replica set (docker compose -f docker/mongo-replica-set.yml up -d --wait, then MONGODB_URI='mongodb://localhost:27017/?replicaSet=rs0&directConnection=true'), or run where Docker answers"
            : null;
    }

    /// <summary>The deployment's URI: the one given, or the Docker replica set's (for the tests' own clients, fail points).</summary>
    internal string Uri { get; }

    public string Name => "mongo";

    /// <summary>Reasoned from MongoDB's documented transaction behaviour and the transactions specification; not measured here.</summary>
    public string Caveat =>
        "on MongoDB a transaction that writes a document another open transaction wrote is aborted at once with a write conflict, " +
        "where PostgreSQL makes it wait for the row: the strategies that share a counter document (TransactionalCounter, CurrentImplementation, " +
        "LockedCounterStatement, each of BatchingPipeline2InFlight's two batches, and every counter strategy run from two writer processes) retry under concurrency, " +
        "backing off as MongoDB's drivers do (withTransaction: a random share of 5 ms growing 1.5 times a retry to at most 500 ms, unbounded within 120 s), " +
        "so their figures include that cost; and the driver sends a failed " +
        "commitTransaction once more on its own, at majority write concern, which the retries per commit include (the store line totals them for the run)";

    /// <summary>The write concerns a log's commits may wait for.</summary>
    public IReadOnlyList<string> Durabilities => MongoStoreConfiguration.WriteConcerns;

    /// <summary>The write concern of the logs created unless one is asked for.</summary>
    public string Durability { get; }

    /// <summary>The deployment and the store's settings, and so far in the run how many commits the driver sent for how many the store asked.</summary>
    public string Description => $"{_description}; {_commits}";

    /// <exception cref="StoreSetupException">No URI, an invalid one, no answer in time, or a deployment the lab refuses; the message says what to do.</exception>
    public static Task<MongoStoreProvider> StartAsync(MongoStoreConfiguration configuration, CancellationToken cancellationToken) =>
        StartAsync(configuration, _ => { }, cancellationToken);

    /// <param name="log">Progress lines, for a replica set started in Docker (the image pull among them).</param>
    /// <exception cref="StoreSetupException">No URI, an invalid one, no answer in time, or a deployment the lab refuses; the message says what to do.</exception>
    public static async Task<MongoStoreProvider> StartAsync(MongoStoreConfiguration configuration, Action<string> log, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        if (UnavailableBecause(configuration) is { } unavailable)
        {
            throw new StoreSetupException($"No MongoDB to run on: {unavailable}.");
        }

        MongoDockerReplicaSet? docker = null;
        if (configuration.Uri is null)
        {
            docker = await MongoDockerReplicaSet.StartAsync(log, cancellationToken).ConfigureAwait(false);
            configuration = configuration with { Uri = docker.Uri };
        }

        try
        {
            return await StartOnAsync(configuration, docker, cancellationToken).ConfigureAwait(false);
        }
        catch when (docker is not null)
        {
            await docker.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>The driver's settings: the URI's, with the lab's timeouts, pool and retries, and every commit command counted.</summary>
    internal static MongoClientSettings ClientSettings(MongoUrl url, bool retryable, MongoCommitCount commits)
    {
        var settings = MongoClientSettings.FromUrl(url);
        settings.ApplicationName = "event-commit-lab";
        settings.ServerSelectionTimeout = ServerSelectionTimeout;
        settings.ConnectTimeout = ServerSelectionTimeout;
        settings.RetryWrites = retryable;
        settings.RetryReads = retryable;
        settings.MaxConnectionPoolSize = MaxConnections;
        // The driver retries an overloaded server's refusals on its own (client backpressure); those retries would be
        // in no strategy's count, so the lab's own retry loop takes them instead, whatever the URI says.
        settings.MaxAdaptiveRetries = 0;
        settings.ClusterConfigurator = cluster => commits.Subscribe(cluster);
        return settings;
    }

    private static async Task<MongoStoreProvider> StartOnAsync(MongoStoreConfiguration configuration, MongoDockerReplicaSet? docker, CancellationToken cancellationToken)
    {
        var uri = configuration.Uri!;
        MongoUrl url;
        WriteConcern writeConcern;
        try
        {
            url = new MongoUrl(uri);
            writeConcern = MongoWriteConcerns.For(configuration.WriteConcern);
        }
        catch (Exception e) when (e is MongoConfigurationException or ArgumentException or FormatException)
        {
            throw new StoreSetupException($"{Redacted(uri)} is not a MongoDB URI the driver takes: {FirstLine(e.Message)} (from {MongoStoreConfiguration.UriVariable} or --mongo-uri).", e);
        }

        var hosts = string.Join(",", url.Servers.Select(s => $"{s.Host}:{s.Port}"));
        var commits = new MongoCommitCount();
        var client = new MongoClient(ClientSettings(url, configuration.Retryable, commits));
        try
        {
            var admin = client.GetDatabase("admin");
            var hello = await admin.RunCommandAsync<BsonDocument>(new BsonDocument("hello", 1), cancellationToken: cancellationToken).ConfigureAwait(false);
            if (MongoDeploymentCheck.JudgeHello(hello, hosts) is { } refusal)
            {
                throw new StoreSetupException($"The lab refuses this server: {refusal}.");
            }

            var failures = await MongoDeploymentCheck.RunAsync(client, writeConcern, cancellationToken).ConfigureAwait(false);
            if (failures.Count > 0)
            {
                throw new StoreSetupException($"The lab refuses the server at {hosts}: {string.Join("; ", failures)}.");
            }

            commits.Reset();
            var build = await admin.RunCommandAsync<BsonDocument>(new BsonDocument("buildInfo", 1), cancellationToken: cancellationToken).ConfigureAwait(false);
            var deployment = hello.Contains("setName") ? $"replica set {hello["setName"]}" : "sharded cluster";
            var where = docker is null ? $"{deployment} at {hosts}" : $"a throwaway {deployment} the lab started in Docker ({MongoDockerReplicaSet.Image}) at {hosts}";
            var description = $"MongoDB {build["version"]} ({where}); write concern {configuration.WriteConcern} ({writeConcern}); " +
                $"retryable writes and reads {(configuration.Retryable ? "on (the driver retries a write or read once on its own, uncounted)" : "off (every retry is the strategies', counted, but for the driver's own commit retries, counted here)")}; " +
                $"pool {MaxConnections} connections; MongoDB.Driver {typeof(MongoClient).Assembly.GetName().Version}";
            return new MongoStoreProvider(uri, client, commits, configuration.WriteConcern, description, docker);
        }
        catch (Exception e) when (e is TimeoutException or MongoException or StoreSetupException)
        {
            client.Dispose();
            throw e switch
            {
                StoreSetupException setup => setup,
                TimeoutException => new StoreSetupException(
                    $"No MongoDB answered at {hosts} within {ServerSelectionTimeout.TotalSeconds:0} s. Check {MongoStoreConfiguration.UriVariable} (or --mongo-uri) and that the server is up.", e),
                _ => new StoreSetupException($"The MongoDB at {hosts} refused the lab's first commands ({e.GetType().Name}: {FirstLine(e.Message)}). Check {MongoStoreConfiguration.UriVariable} (or --mongo-uri), its credentials and rights.", e),
            };
        }
    }

    public Task<IEventLog> CreateFreshLogAsync(CancellationToken cancellationToken) => CreateFreshLogAsync(Durability, cancellationToken);

    public async Task<IEventLog> CreateFreshLogAsync(string durability, CancellationToken cancellationToken)
    {
        var writeConcern = MongoWriteConcerns.For(durability);
        var database = $"commit_lab_{Guid.NewGuid():N}";
        return await MongoEventStore.CreateAsync(_client, database, writeConcern, _commits,
            async () => await MongoDatabases.DropAsync(_client, database, CancellationToken.None).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>WiredTiger checkpoints on its own clock and has no per-round equivalent the lab has verified; it says so.</summary>
    public Task<bool> SettleAsync(CancellationToken cancellationToken) => Task.FromResult(false);

    public Task PingAsync(CancellationToken cancellationToken) =>
        _client.GetDatabase("admin").RunCommandAsync<BsonDocument>(new BsonDocument("ping", 1), cancellationToken: cancellationToken);

    public async ValueTask DisposeAsync()
    {
        _client.Dispose();
        if (_docker is not null)
        {
            await _docker.DisposeAsync().ConfigureAwait(false);
        }
    }

    /// <summary>The URI without its password, for messages.</summary>
    internal static string Redacted(string uri) => Credentials().Replace(uri, "//$1:***@");

    private static string FirstLine(string message) => message.Split('\n')[0].Trim();

    [GeneratedRegex("//([^:/@]+):[^@/]*@")]
    private static partial Regex Credentials();
}
