using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// A transaction's read concern (sent with its first command), write concern and commit time limit (sent with
/// commitTransaction). Unset fields fall back to the session's defaults, then to the client's (its connection string).
/// </summary>
public sealed record MongoTransactionOptions(string? ReadConcernLevel = null, BsonDocument? WriteConcern = null, TimeSpan? MaxCommitTime = null)
{
    /// <summary>These options, with each unset field taken from <paramref name="fallback"/>.</summary>
    public MongoTransactionOptions Or(MongoTransactionOptions? fallback) => fallback is null
        ? this
        : new MongoTransactionOptions(ReadConcernLevel ?? fallback.ReadConcernLevel, WriteConcern ?? fallback.WriteConcern, MaxCommitTime ?? fallback.MaxCommitTime);

    /// <summary>True for w: 0, which a transaction cannot use: its commit must be acknowledged.</summary>
    public bool IsUnacknowledged => WriteConcern is { } concern && concern.TryGetValue("w", out var w) && w.IsNumeric && w.ToInt32() == 0;

    /// <summary>The lab's write concerns, by the name the harness takes.</summary>
    public static BsonDocument WriteConcernFor(string name) => name switch
    {
        "w1" => new BsonDocument("w", 1),
        "journaled" => new BsonDocument { ["w"] = 1, ["j"] = true },
        "majority" => new BsonDocument("w", "majority"),
        _ => throw new ArgumentException($"Unknown write concern '{name}'. Valid values: w1, journaled, majority."),
    };

    /// <summary>The client-wide defaults a connection string sets: readConcernLevel, w, journal and wtimeoutMS.</summary>
    public static MongoTransactionOptions FromConnectionString(MongoClientOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        BsonDocument? writeConcern = null;
        if (options.W is not null || options.Journal is not null || options.WTimeout is not null)
        {
            writeConcern = new BsonDocument();
            if (options.W is { } w)
            {
                writeConcern["w"] = int.TryParse(w, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var members) ? members : w;
            }

            if (options.Journal is { } journal)
            {
                writeConcern["j"] = journal;
            }

            if (options.WTimeout is { } timeout)
            {
                writeConcern["wtimeout"] = (int)timeout.TotalMilliseconds;
            }
        }

        return new MongoTransactionOptions(options.ReadConcernLevel, writeConcern);
    }
}
