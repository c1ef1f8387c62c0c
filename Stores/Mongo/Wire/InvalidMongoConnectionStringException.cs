namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>The connection string cannot be used; the message says what is wrong with it.</summary>
public sealed class InvalidMongoConnectionStringException(string problem)
    : ArgumentException($"Invalid MongoDB connection string: {problem}. Expected mongodb://[user:password@]host[:port][,host...][/database][?option=value&...].");
