using EventCommitLab.Contract.Model;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo;

/// <summary>How events and aggregates are laid out in MongoDB: the sequence number is the event's _id, as in the seed.</summary>
internal static class MongoEventDocuments
{
    public const string Events = "events";
    public const string Aggregates = "aggregates";
    public const string Counters = "counters";
    public const string EventsCounterId = "events";

    /// <summary>The counter that stands in for a server sequence: incremented on its own, never in a commit's transaction.</summary>
    public const string ServerSequenceId = "serverSequence";

    /// <summary>The document a lost commit's lookup writes at majority before it reads (MongoEventStore.FindCommitsAsync).</summary>
    public const string SettleBarrierId = "settleBarrier";

    /// <summary>MongoDB's largest document (16 MiB); the driver splits an insert into messages, never a document.</summary>
    public const int MaxDocumentBytes = 16 * 1024 * 1024;

    /// <summary>The events as documents, every one checked against the server's document size limit before anything is sent.</summary>
    /// <exception cref="ArgumentException">An event is larger than a MongoDB document may be.</exception>
    /// <exception cref="FormatException">A payload is not a JSON document.</exception>
    public static BsonDocument[] ToDocuments(IReadOnlyList<StoredEvent> events, int maxDocumentBytes)
    {
        var documents = new BsonDocument[events.Count];
        for (var i = 0; i < documents.Length; i++)
        {
            var e = events[i];
            var document = new BsonDocument
            {
                ["_id"] = new BsonInt64(e.SequenceNumber),
                ["eventSource"] = e.EventSource,
                ["eventType"] = e.EventType,
                ["aggregateType"] = e.AggregateType is null ? BsonNull.Value : e.AggregateType,
                ["aggregateVersion"] = e.AggregateVersion is { } v ? new BsonInt64(v) : BsonNull.Value,
                ["commitId"] = new BsonBinaryData(e.CommitId, GuidRepresentation.Standard),
                ["tags"] = new BsonArray(e.Tags),
                ["payload"] = BsonDocument.Parse(e.Payload),
            };
            var size = document.ToBson().Length;
            if (size > maxDocumentBytes)
            {
                throw new ArgumentException(
                    $"The event at sequence number {e.SequenceNumber} is {size} bytes as a MongoDB document; the server takes documents of at most {maxDocumentBytes} bytes (16 MiB). Nothing was written.");
            }

            documents[i] = document;
        }

        return documents;
    }

    public static StoredEvent ToEvent(BsonDocument document) => new(
        document["_id"].ToInt64(),
        document["eventSource"].AsString,
        document["eventType"].AsString,
        document.GetValue("aggregateType", BsonNull.Value) is BsonString type ? type.Value : null,
        document.GetValue("aggregateVersion", BsonNull.Value).IsBsonNull ? null : document["aggregateVersion"].ToInt64(),
        document["commitId"].AsBsonBinaryData.ToGuid(GuidRepresentation.Standard),
        [.. document["tags"].AsBsonArray.Select(t => t.AsString)],
        document["payload"].ToJson());

    public static BsonDocument AggregateId(AggregateKey aggregate) => new() { ["eventSource"] = aggregate.EventSource, ["aggregateType"] = aggregate.AggregateType };
}
