namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>The bytes on the wire are not what the protocol allows; the connection that read them is not reused.</summary>
public sealed class MongoProtocolException(string problem) : MongoException($"MongoDB wire protocol error: {problem}.");
