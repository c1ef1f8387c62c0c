using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
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

    private static StoredEvent Event(long sequenceNumber) => new(sequenceNumber, "source", "Happened", null, null, Guid.NewGuid(), [], "{}");
}
