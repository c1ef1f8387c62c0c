namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>Authentication with the server failed or could not be trusted.</summary>
public sealed class MongoAuthenticationException(string problem) : Exception($"MongoDB authentication failed: {problem}.");
