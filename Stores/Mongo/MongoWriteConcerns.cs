using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The lab's write concern names (--write-concern) as the driver's write concerns.</summary>
internal static class MongoWriteConcerns
{
    /// <summary>
    /// How long a majority write waits for the set's members (wtimeout). Without it a set that has lost its majority
    /// holds every commit forever; with it the commit's answer is a write-concern error, whose outcome the lab settles.
    /// Far above what a healthy set takes to replicate one commit, so it never ends a commit that would have succeeded.
    /// </summary>
    public static readonly TimeSpan MajorityWait = TimeSpan.FromSeconds(30);

    /// <summary>The majority write concern with <see cref="MajorityWait"/>: the settle barrier's, and the strongest of the lab's.</summary>
    public static WriteConcern Majority { get; } = new(WriteConcern.WValue.Parse("majority"), wTimeout: MajorityWait, journal: true);

    /// <exception cref="ArgumentException">A name that is not one of <see cref="MongoStoreConfiguration.WriteConcerns"/>.</exception>
    public static WriteConcern For(string name) => name switch
    {
        "w1" => new WriteConcern(1, journal: false),
        "journaled" => new WriteConcern(1, journal: true),
        "majority" => Majority,
        _ => throw new ArgumentException(
            $"--write-concern: unknown value '{name}'. Valid values: {string.Join(", ", MongoStoreConfiguration.WriteConcerns)}.", nameof(name)),
    };
}
