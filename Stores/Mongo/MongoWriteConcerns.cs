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

    /// <summary>
    /// The write concern of the server-numbered strategies' counter, which takes numbers outside the commit as
    /// <c>nextval</c> does: acknowledged by the primary alone. The events inserted after it follow it in the primary's
    /// oplog, so a commit acknowledged at <c>majority</c> or journaled carries the counter's write with it; a counter write
    /// lost in a failover before any commit used it reissues numbers that no acknowledged commit holds (a second insert of
    /// a number is refused by the key). Waiting for the set here would cost every commit a replication wait the counter's
    /// guarantee (unique, gaps allowed) does not need.
    /// </summary>
    public static WriteConcern Reservation => Carried;

    /// <summary>
    /// The write concern of a write that a later write of the same commit follows on the same connection, when the later
    /// one waits for the cell's write concern: acknowledged by the primary alone. The later write follows it in the
    /// primary's oplog, so once that write is majority committed or journaled, so is this one: the commit waits for its
    /// durability once, as a transaction's commit does, rather than once per write.
    /// </summary>
    public static WriteConcern Carried { get; } = new(1, journal: false);

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
