using System.Collections.Concurrent;
using EventCommitLab.Stores.Mongo;
using MongoDB.Bson;
using MongoDB.Driver;
using MongoDB.Driver.Core.Events;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// The MongoDB store on the emulator, past the deployment check that refuses it, with every command the driver sends
/// recorded: only for what the store sends (command shapes and round trips), never for figures or semantics, which
/// the emulator does not have (it lets concurrent transactions overwrite each other).
/// </summary>
internal sealed class EmulatedMongoStore : IAsyncDisposable
{
    // The driver's own monitoring and handshakes, not the store's.
    private static readonly HashSet<string> Monitoring = ["hello", "isMaster", "ismaster", "ping", "buildInfo", "endSessions"];

    private readonly MongoEmulator _emulator;
    private readonly MongoClient _client;
    private readonly ConcurrentQueue<BsonDocument> _sent;

    private EmulatedMongoStore(MongoEmulator emulator, MongoClient client, ConcurrentQueue<BsonDocument> sent, MongoEventStore store, MongoCommitCount commits)
    {
        Commits = commits;
        _emulator = emulator;
        _client = client;
        _sent = sent;
        Store = store;
    }

    public MongoEventStore Store { get; }

    /// <summary>The commits the driver sent against those the store asked for.</summary>
    public MongoCommitCount Commits { get; }

    /// <param name="writeConcern">One of the lab's write concern names.</param>
    /// <param name="onSent">Called as the driver sends each of the store's commands, before it goes on the wire.</param>
    public static async Task<EmulatedMongoStore> StartAsync(string writeConcern, Action<CommandStartedEvent>? onSent = null)
    {
        var emulator = await MongoEmulator.StartAsync(replicaSet: "rs0");
        var sent = new ConcurrentQueue<BsonDocument>();

        // The lab's own settings, with polled monitoring: the emulator does not keep up with the driver's streaming heartbeat.
        var commits = new MongoCommitCount();
        var settings = MongoStoreProvider.ClientSettings(new MongoUrl($"{emulator.Uri}&serverMonitoringMode=poll"), retryable: false, commits);
        var counting = settings.ClusterConfigurator;
        settings.ClusterConfigurator = cluster => counting(cluster.Subscribe<CommandStartedEvent>(e =>
        {
            if (!Monitoring.Contains(e.CommandName))
            {
                sent.Enqueue(e.Command.DeepClone().AsBsonDocument);
                onSent?.Invoke(e);
            }
        }));
        var client = new MongoClient(settings);
        try
        {
            // The emulator has no create command; a first insert makes a collection, as on MongoDB.
            var database = $"shapes_{Guid.NewGuid():N}";
            foreach (var collection in new[] { "events", "aggregates" })
            {
                var documents = client.GetDatabase(database).GetCollection<BsonDocument>(collection);
                await documents.InsertOneAsync(new BsonDocument("_id", "made"));
                await documents.DeleteOneAsync(new BsonDocument("_id", "made"));
            }

            var store = await MongoEventStore.OnCollectionsAsync(client, database, MongoWriteConcerns.For(writeConcern), commits, null, CancellationToken.None);
            return new EmulatedMongoStore(emulator, client, sent, store, commits);
        }
        catch
        {
            // Nothing of a store that did not start may outlive the test: the emulator is a process.
            client.Dispose();
            await emulator.DisposeAsync();
            throw;
        }
    }

    /// <summary>The commands sent since the last call, in order, and forgets them.</summary>
    public IReadOnlyList<BsonDocument> TakeSent()
    {
        var taken = new List<BsonDocument>();
        while (_sent.TryDequeue(out var command))
        {
            taken.Add(command);
        }

        return taken;
    }

    public async ValueTask DisposeAsync()
    {
        await Store.DisposeAsync();
        _client.Dispose();
        await _emulator.DisposeAsync();
    }
}
