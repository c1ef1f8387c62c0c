using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres;
using Npgsql;

namespace EventCommitLab.Tests.Stores.Postgres;

/// <summary>PostgreSQL errors as Npgsql raises them, and what the store makes of them.</summary>
public sealed class PostgresErrorClassifierTests
{

    [Fact]
    public void an_aggregate_created_twice_is_a_conflict_and_serialization_failures_and_deadlocks_are_transient()
    {
        Assert.Equal(StoreErrorKind.Conflict, EventCommitLab.Stores.Postgres.PostgresErrorClassifier.Classify(
            new PostgresException("duplicate key", "ERROR", "ERROR", PostgresErrorCodes.UniqueViolation, constraintName: "aggregates_pkey")));
        Assert.Equal(StoreErrorKind.Transient, EventCommitLab.Stores.Postgres.PostgresErrorClassifier.Classify(
            new PostgresException("could not serialize", "ERROR", "ERROR", PostgresErrorCodes.SerializationFailure)));
        Assert.Equal(StoreErrorKind.Transient, EventCommitLab.Stores.Postgres.PostgresErrorClassifier.Classify(
            new PostgresException("deadlock", "ERROR", "ERROR", PostgresErrorCodes.DeadlockDetected)));
        Assert.Equal(StoreErrorKind.Fatal, EventCommitLab.Stores.Postgres.PostgresErrorClassifier.Classify(new InvalidOperationException()));
    }

    [Fact]
    public void a_write_whose_answer_was_lost_is_an_unknown_outcome_and_only_lost_answers_count_as_lost()
    {
        Assert.Equal(StoreErrorKind.OutcomeUnknown, EventCommitLab.Stores.Postgres.PostgresErrorClassifier.Classify(new WriteOutcomeUnknownException("COMMIT", new IOException("reset"))));
        Assert.True(LostWrites.IsLostAnswer(new NpgsqlException("Exception while reading from stream", new IOException("reset"))));
        Assert.True(LostWrites.IsLostAnswer(new PostgresException("terminating connection due to administrator command", "FATAL", "FATAL", PostgresErrorCodes.AdminShutdown)));
        Assert.True(LostWrites.IsLostAnswer(new PostgresException("connection failure", "FATAL", "FATAL", PostgresErrorCodes.ConnectionFailure)));
        Assert.False(LostWrites.IsLostAnswer(new PostgresException("duplicate key", "ERROR", "ERROR", PostgresErrorCodes.UniqueViolation)));
        Assert.False(LostWrites.IsLostAnswer(new InvalidOperationException()));
        Assert.Equal(StoreErrorKind.Transient, EventCommitLab.Stores.Postgres.PostgresErrorClassifier.Classify(
            new PostgresException("terminating connection due to administrator command", "FATAL", "FATAL", PostgresErrorCodes.AdminShutdown)));
    }
}
