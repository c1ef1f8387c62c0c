using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>How every transaction of the lab's (commits and the deployment check) reads, where, and how long its commit may take.</summary>
internal static class MongoTransactions
{
    /// <summary>
    /// The server-side limit on a commitTransaction (maxTimeMS), the write-concern wait included: a degraded set answers
    /// with an error the lab settles instead of holding the commit.
    /// </summary>
    public static readonly TimeSpan MaxCommitTime = MongoWriteConcerns.MajorityWait;

    /// <summary>
    /// Read concern <c>local</c>: the transaction reads the primary's latest data, its own committer's acknowledged commits
    /// included. <c>snapshot</c> may read at a point before a commit acknowledged at w1, so a version check would fail on
    /// a conflict that did not happen (what the seed's MongoDB event store read with, too). Always on the primary,
    /// whatever the URI's read preference.
    /// </summary>
    public static TransactionOptions Options(WriteConcern writeConcern) =>
        new(readConcern: ReadConcern.Local, readPreference: ReadPreference.Primary, writeConcern: writeConcern, maxCommitTime: MaxCommitTime);
}
