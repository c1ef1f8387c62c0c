using EventCommitLab.Stores.Mongo.Wire;
using EventCommitLab.Strategies.Port;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// The MongoDB store for the harness and the tests: a deployment given by URI, on which every fresh store is a new
/// database, dropped when the store is disposed. It refuses deployments that cannot run transactions.
/// </summary>
public sealed class MongoStoreProvider : IEventStoreProvider
{
    private readonly MongoClient _client;
    private readonly BsonDocument _writeConcern;

    private MongoStoreProvider(MongoClient client, BsonDocument writeConcern, string description)
    {
        _client = client;
        _writeConcern = writeConcern;
        Description = description;
    }

    public string Name => "mongo";

    public string Description { get; }

    /// <exception cref="StoreSetupException">No URI, an invalid one, no answer within 10 s, or a deployment without transactions; the message says what to do.</exception>
    public static async Task<MongoStoreProvider> StartAsync(MongoStoreConfiguration configuration, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        if (configuration.Uri is null)
        {
            throw new StoreSetupException(
                $"No MongoDB to run on: set {MongoStoreConfiguration.UriVariable} (or --mongo-uri) to a MongoDB 4.2+ replica set, e.g. " +
                "mongodb://localhost:27017/?replicaSet=rs0 from `docker compose -f docker/mongo-replica-set.yml up -d`, or an Atlas cluster. " +
                "The lab does not start a private mongod yet.");
        }

        MongoConnectionString connectionString;
        BsonDocument writeConcern;
        try
        {
            connectionString = MongoConnectionString.Parse(configuration.Uri);
            writeConcern = MongoTransactionOptions.WriteConcernFor(configuration.WriteConcern);
        }
        catch (ArgumentException e)
        {
            throw new StoreSetupException(e.Message, e);
        }

        var client = new MongoClient(connectionString);
        try
        {
            await using (var lease = await client.CheckOutAsync(cancellationToken).ConfigureAwait(false))
            {
                MongoDeployment.RequireTransactions(lease.Hello, connectionString.Hosts[0]);
                var build = await lease.RunCommandAsync("admin", new BsonDocument("buildInfo", 1), null, cancellationToken).ConfigureAwait(false);
                var hello = lease.Hello;
                var description = $"MongoDB {build["version"].AsString} ({(hello.SetName is { } set ? $"replica set {set}" : "sharded cluster")} at {string.Join(",", connectionString.Hosts)}); " +
                    $"write concern {configuration.WriteConcern} ({writeConcern.ToJson()})";
                return new MongoStoreProvider(client, writeConcern, description);
            }
        }
        catch (Exception e) when (e is MongoConnectionException or MongoServerException or StoreSetupException)
        {
            await client.DisposeAsync().ConfigureAwait(false);
            throw e as StoreSetupException ?? new StoreSetupException(
                $"{e.Message}. Check {MongoStoreConfiguration.UriVariable} (or --mongo-uri) and that the server is up.", e);
        }
    }

    public async Task<IEventLog> CreateFreshStoreAsync(CancellationToken cancellationToken)
    {
        var database = $"commit_lab_{Guid.NewGuid():N}";
        return await MongoEventStore.CreateAsync(_client, database, _writeConcern, async () =>
            await _client.RunCommandAsync(database, new BsonDocument { ["dropDatabase"] = 1, ["writeConcern"] = _writeConcern }, null, CancellationToken.None).ConfigureAwait(false),
            cancellationToken).ConfigureAwait(false);
    }

    /// <summary>WiredTiger checkpoints on its own clock and has no per-round equivalent the lab has verified; it says so.</summary>
    public Task<bool> SettleAsync(CancellationToken cancellationToken) => Task.FromResult(false);

    public Task PingAsync(CancellationToken cancellationToken) => _client.RunCommandAsync("admin", new BsonDocument("ping", 1), null, cancellationToken);

    public ValueTask DisposeAsync() => _client.DisposeAsync();
}
