using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>A transaction's read concern (sent with its first command) and write concern (sent with commitTransaction).</summary>
public sealed record MongoTransactionOptions(string? ReadConcernLevel = null, BsonDocument? WriteConcern = null)
{
    /// <summary>The lab's write concerns, by the name the harness takes.</summary>
    public static BsonDocument WriteConcernFor(string name) => name switch
    {
        "w1" => new BsonDocument("w", 1),
        "journaled" => new BsonDocument { ["w"] = 1, ["j"] = true },
        "majority" => new BsonDocument("w", "majority"),
        _ => throw new ArgumentException($"Unknown write concern '{name}'. Valid values: w1, journaled, majority."),
    };
}
