using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The lab's write concern names (--write-concern) as the driver's write concerns.</summary>
internal static class MongoWriteConcerns
{
    /// <exception cref="ArgumentException">A name that is not one of <see cref="MongoStoreConfiguration.WriteConcerns"/>.</exception>
    public static WriteConcern For(string name) => name switch
    {
        "w1" => new WriteConcern(1, journal: false),
        "journaled" => new WriteConcern(1, journal: true),
        "majority" => new WriteConcern(WriteConcern.WValue.Parse("majority"), journal: true),
        _ => throw new ArgumentException(
            $"--write-concern: unknown value '{name}'. Valid values: {string.Join(", ", MongoStoreConfiguration.WriteConcerns)}.", nameof(name)),
    };
}
