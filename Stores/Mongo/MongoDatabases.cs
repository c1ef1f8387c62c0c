using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// How the lab opens and removes the databases it creates. Whatever read preference and read concern the URI names,
/// the lab reads what it wrote from the primary, as committed there (local): a secondary's read, or a majority read
/// behind a w1 commit, would judge the server or the log by a state the writers have already left.
/// </summary>
internal static class MongoDatabases
{
    /// <summary>
    /// How long removing a database may take before the lab gives up on it and says so: a set that has lost its majority
    /// would otherwise hold the end of a run, or of the deployment check, for ever.
    /// </summary>
    public static readonly TimeSpan DropWait = TimeSpan.FromSeconds(60);

    /// <summary>The settings of every database the lab creates, at <paramref name="writeConcern"/>.</summary>
    public static MongoDatabaseSettings Settings(WriteConcern writeConcern) =>
        new() { WriteConcern = writeConcern, ReadConcern = ReadConcern.Local, ReadPreference = ReadPreference.Primary };

    public static IMongoDatabase Open(IMongoClient client, string name, WriteConcern writeConcern)
    {
        ArgumentNullException.ThrowIfNull(client);
        return client.GetDatabase(name, Settings(writeConcern));
    }

    /// <summary>
    /// The <c>dropDatabase</c> command at the lab's majority write concern, whose wtimeout bounds the server's wait for the
    /// set; the client's own default (the URI's) may have none.
    /// </summary>
    public static BsonDocument DropCommand() => new() { ["dropDatabase"] = 1, ["writeConcern"] = MongoWriteConcerns.Majority.ToBsonDocument() };

    /// <exception cref="TimeoutException">The drop did not answer within <see cref="DropWait"/>; the database may remain on the server.</exception>
    public static async Task DropAsync(IMongoClient client, string name, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(client);
        using var bounded = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        bounded.CancelAfter(DropWait);
        try
        {
            await client.GetDatabase(name).RunCommandAsync<BsonDocument>(DropCommand(), ReadPreference.Primary, bounded.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException e) when (!cancellationToken.IsCancellationRequested)
        {
            throw new TimeoutException($"dropDatabase {name} did not answer within {DropWait.TotalSeconds:0} s; the database may remain on the server", e);
        }
    }
}
