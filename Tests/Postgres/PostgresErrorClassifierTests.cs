using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Postgres;

/// <summary>Real PostgreSQL errors, raised on a real database, and what the store makes of them.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class PostgresErrorClassifierTests(LabStores stores)
{
    [Fact]
    public async Task a_taken_sequence_number_is_a_transient_race()
    {
        await using var store = await stores.FreshStoreAsync("postgres");
        await using var session = await store.OpenAutoCommitSessionAsync(CancellationToken.None);
        await session.InsertEventAsync(Event(0), CancellationToken.None);

        var error = await Assert.ThrowsAsync<PostgresException>(() => session.InsertEventAsync(Event(0), CancellationToken.None));

        Assert.Equal(StoreErrorKind.Transient, store.Classify(error));
    }

    [Fact]
    public async Task a_payload_the_database_refuses_is_fatal()
    {
        await using var store = await stores.FreshStoreAsync("postgres");
        await using var session = await store.OpenAutoCommitSessionAsync(CancellationToken.None);

        var error = await Assert.ThrowsAsync<PostgresException>(() => session.InsertEventAsync(Event(0) with { Payload = "{" }, CancellationToken.None));

        Assert.Equal(StoreErrorKind.Fatal, store.Classify(error));
    }

    [Fact]
    public void an_aggregate_created_twice_is_a_conflict_and_serialization_failures_and_deadlocks_are_transient()
    {
        Assert.Equal(StoreErrorKind.Conflict, Stores.Postgres.PostgresErrorClassifier.Classify(
            new PostgresException("duplicate key", "ERROR", "ERROR", PostgresErrorCodes.UniqueViolation, constraintName: "aggregates_pkey")));
        Assert.Equal(StoreErrorKind.Transient, Stores.Postgres.PostgresErrorClassifier.Classify(
            new PostgresException("could not serialize", "ERROR", "ERROR", PostgresErrorCodes.SerializationFailure)));
        Assert.Equal(StoreErrorKind.Transient, Stores.Postgres.PostgresErrorClassifier.Classify(
            new PostgresException("deadlock", "ERROR", "ERROR", PostgresErrorCodes.DeadlockDetected)));
        Assert.Equal(StoreErrorKind.Fatal, Stores.Postgres.PostgresErrorClassifier.Classify(new InvalidOperationException()));
    }

    [Fact]
    public void a_write_whose_answer_was_lost_is_an_unknown_outcome_and_only_lost_answers_count_as_lost()
    {
        Assert.Equal(StoreErrorKind.OutcomeUnknown, Stores.Postgres.PostgresErrorClassifier.Classify(new WriteOutcomeUnknownException("COMMIT", new IOException("reset"))));
        Assert.True(LostWrites.IsLostAnswer(new NpgsqlException("Exception while reading from stream", new IOException("reset"))));
        Assert.True(LostWrites.IsLostAnswer(new PostgresException("terminating connection due to administrator command", "FATAL", "FATAL", PostgresErrorCodes.AdminShutdown)));
        Assert.True(LostWrites.IsLostAnswer(new PostgresException("connection failure", "FATAL", "FATAL", PostgresErrorCodes.ConnectionFailure)));
        Assert.False(LostWrites.IsLostAnswer(new PostgresException("duplicate key", "ERROR", "ERROR", PostgresErrorCodes.UniqueViolation)));
        Assert.False(LostWrites.IsLostAnswer(new InvalidOperationException()));
        Assert.Equal(StoreErrorKind.Transient, Stores.Postgres.PostgresErrorClassifier.Classify(
            new PostgresException("terminating connection due to administrator command", "FATAL", "FATAL", PostgresErrorCodes.AdminShutdown)));
    }

    private static StoredEvent Event(long sequenceNumber) => new(sequenceNumber, "source", "Happened", null, null, Guid.NewGuid(), [], "{}");
}
