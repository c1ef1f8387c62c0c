namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>A server could not be connected to, answered too late, or refused the credentials. Names the host.</summary>
public sealed class MongoConnectionException(MongoHost host, string problem, Exception? innerException = null)
    : MongoException($"Cannot connect to MongoDB at {host}: {problem}", innerException: innerException)
{
    public MongoHost Host { get; } = host;
}
