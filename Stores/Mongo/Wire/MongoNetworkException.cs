namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// A connection broke while a command was on it: the command may or may not have run on the server. The connection
/// is not reused.
/// </summary>
public sealed class MongoNetworkException(MongoHost host, string command, Exception innerException)
    : MongoException($"The connection to MongoDB at {host} broke during {command}: {innerException.Message}", innerException: innerException)
{
    public MongoHost Host { get; } = host;

    public string Command { get; } = command;
}
