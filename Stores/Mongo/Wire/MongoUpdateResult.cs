using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>An update's outcome: documents matched, documents changed, and the _id of the one inserted by an upsert.</summary>
public sealed record MongoUpdateResult(long Matched, long Modified, BsonValue? UpsertedId);
