using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>A collection's read and write concern, sent with commands outside a transaction only.</summary>
public sealed record MongoCollectionOptions(string? ReadConcernLevel = null, BsonDocument? WriteConcern = null);
