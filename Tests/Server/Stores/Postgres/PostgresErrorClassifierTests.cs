using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Stores.Postgres;

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

    private static StoredEvent Event(long sequenceNumber) => new(sequenceNumber, "source", "Happened", null, null, Guid.NewGuid(), [], "{}");
}
