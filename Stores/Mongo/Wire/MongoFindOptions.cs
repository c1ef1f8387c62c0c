using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>What a find may add to its filter; null fields are not sent.</summary>
public sealed record MongoFindOptions(BsonDocument? Sort = null, BsonDocument? Projection = null, int? Limit = null, int? BatchSize = null, bool SingleBatch = false);
