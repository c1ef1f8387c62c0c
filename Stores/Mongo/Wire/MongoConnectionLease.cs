using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>A pooled connection lent for a series of commands (a transaction is pinned to one); dispose to return it.</summary>
public sealed class MongoConnectionLease : IMongoCommandRunner, IAsyncDisposable
{
    private readonly MongoClient _client;
    private MongoConnection? _connection;

    internal MongoConnectionLease(MongoClient client, MongoConnection connection)
    {
        _client = client;
        _connection = connection;
    }

    public HelloResult Hello => Connection.Hello;

    private MongoConnection Connection => _connection ?? throw new ObjectDisposedException(nameof(MongoConnectionLease));

    public async Task<BsonDocument> RunCommandAsync(string database, BsonDocument command, IReadOnlyList<DocumentSequence>? sequences, CancellationToken cancellationToken)
    {
        var connection = Connection;
        try
        {
            return await connection.RunCommandAsync(database, command, sequences, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            _client.Observe(connection, e);
            throw;
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _connection, null) is { } connection)
        {
            await _client.ReturnAsync(connection).ConfigureAwait(false);
        }
    }
}
