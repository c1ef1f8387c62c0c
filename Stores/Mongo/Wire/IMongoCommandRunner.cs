using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>Something that runs commands: a connection, or a client that picks a connection per command.</summary>
public interface IMongoCommandRunner
{
    /// <exception cref="MongoServerException">The server answered with a failure.</exception>
    Task<BsonDocument> RunCommandAsync(string database, BsonDocument command, IReadOnlyList<DocumentSequence>? sequences, CancellationToken cancellationToken);
}
