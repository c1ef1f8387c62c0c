namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>One entry of a write command's writeErrors: which document of the batch failed, and why.</summary>
public sealed record MongoWriteError(int Index, int Code, string Message);
