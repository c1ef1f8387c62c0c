namespace EventCommitLab.Stores.Postgres;

/// <summary>How durable a commit is when it returns; applied per database, recorded in every table header.</summary>
public enum PostgresDurability
{
    /// <summary>synchronous_commit = on: a commit returns once its WAL is flushed to disk (the server runs fsync = on).</summary>
    Durable,

    /// <summary>synchronous_commit = off: a commit returns before its WAL is flushed; a crash may lose the last few
    /// hundred milliseconds of acknowledged commits, never corrupt the log.</summary>
    AsyncCommit,
}
