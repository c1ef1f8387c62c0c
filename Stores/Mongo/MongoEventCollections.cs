using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The store's three collections in one database, each carrying the lab's write concern outside transactions.</summary>
internal sealed record MongoEventCollections(MongoCollection Events, MongoCollection Aggregates, MongoCollection Counters)
{
    public static MongoEventCollections In(IMongoCommandRunner runner, string database, BsonDocument writeConcern)
    {
        var options = new MongoCollectionOptions(WriteConcern: writeConcern);
        return new MongoEventCollections(
            new MongoCollection(runner, database, MongoEventDocuments.Events, options),
            new MongoCollection(runner, database, MongoEventDocuments.Aggregates, options),
            new MongoCollection(runner, database, MongoEventDocuments.Counters, options));
    }

    /// <summary>The same collections reached through one pooled connection.</summary>
    public MongoEventCollections On(IMongoCommandRunner runner) => new(Events.On(runner), Aggregates.On(runner), Counters.On(runner));
}
