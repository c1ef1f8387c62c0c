using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Sql;
using Npgsql;

namespace EventCommitLab.Stores.Postgres;

/// <summary>What a PostgreSQL error means for a commit, decided from SQLSTATE codes and constraint names only.</summary>
public static class PostgresErrorClassifier
{
    public static StoreErrorKind Classify(Exception exception) => exception switch
    {
        // The session raises it only for a COMMIT or an auto-commit write that got no answer (see LostWrites).
        WriteOutcomeUnknownException => StoreErrorKind.OutcomeUnknown,
        PostgresException { SqlState: PostgresErrorCodes.SerializationFailure or PostgresErrorCodes.DeadlockDetected } => StoreErrorKind.Transient,

        // Two writers took the same sequence number: a race the loser wins by trying again with a new number.
        PostgresException { SqlState: PostgresErrorCodes.UniqueViolation, ConstraintName: EventLogSql.EventsPrimaryKey } => StoreErrorKind.Transient,

        // Two writers created the same aggregate: the loser's expected version is wrong, which no retry can mend.
        PostgresException { SqlState: PostgresErrorCodes.UniqueViolation, ConstraintName: EventLogSql.AggregatesPrimaryKey } => StoreErrorKind.Conflict,
        // The connection was ended (an administrator, a failover, a restart) or not yet accepted: its transaction is rolled
        // back with it, so the commit may be tried again. At COMMIT the session reports an unknown outcome instead.
        PostgresException e when LostWrites.EndsConnection(e.SqlState) => StoreErrorKind.Transient,
        PostgresException => StoreErrorKind.Fatal,
        NpgsqlException { IsTransient: true } => StoreErrorKind.Transient,
        _ => StoreErrorKind.Fatal,
    };
}
