using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The store's three collections in one database, each carrying the lab's write concern outside transactions.</summary>
internal sealed record MongoEventCollections(
    IMongoCollection<BsonDocument> Events, IMongoCollection<BsonDocument> Aggregates, IMongoCollection<BsonDocument> Counters)
{
    public static MongoEventCollections In(IMongoDatabase database) => new(
        database.GetCollection<BsonDocument>(MongoEventDocuments.Events),
        database.GetCollection<BsonDocument>(MongoEventDocuments.Aggregates),
        database.GetCollection<BsonDocument>(MongoEventDocuments.Counters));
}
