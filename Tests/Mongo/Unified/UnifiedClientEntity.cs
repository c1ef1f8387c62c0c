using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>
/// A client entity: the lab's MongoClient, talking to the emulated primary through a listener of its own, so that
/// the commands this client sent (its command-started events) are exactly the ones that listener received.
/// </summary>
internal sealed class UnifiedClientEntity(ScriptedMongoServer listener, MongoClient client, bool observesStartedEvents, IReadOnlySet<string> ignoredCommands) : IAsyncDisposable
{
    // Handshake and authentication commands are never observed, as the unified format prescribes.
    private static readonly HashSet<string> Unobserved = ["hello", "isMaster", "ismaster", "saslStart", "saslContinue", "getnonce", "authenticate"];

    public MongoClient Client { get; } = client;

    /// <summary>(command name, database, command with its document sequences folded in) of every observed command, in order.</summary>
    public IReadOnlyList<(string Name, string Database, BsonDocument Command)> StartedEvents() => !observesStartedEvents
        ? []
        : [.. listener.Received
            .Select(EmulatedPrimary.Command)
            .Select(c => (Name: c.GetElement(0).Name, Database: c["$db"].AsString, Command: c))
            .Where(e => !Unobserved.Contains(e.Name) && !ignoredCommands.Contains(e.Name))];

    public async ValueTask DisposeAsync()
    {
        await Client.DisposeAsync().ConfigureAwait(false);
        await listener.DisposeAsync().ConfigureAwait(false);
    }
}
