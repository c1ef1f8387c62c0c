using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Stores.Postgres;

/// <summary>
/// A disposed log's database is used again by the next fresh log of its durability, emptied to what a new one holds.
/// On a server of the class's own, so that no other test takes the spare in between.
/// </summary>
public sealed class SpareLogTests : IAsyncLifetime
{
    private OwnPostgres _own = null!;

    public async ValueTask InitializeAsync() => _own = await OwnPostgres.StartAsync("spare-logs");

    public async ValueTask DisposeAsync() => await _own.DisposeAsync();

    [Fact]
    public async Task the_next_fresh_log_takes_the_disposed_ones_database_emptied_to_what_a_new_log_holds_once_however_often_it_was_disposed()
    {
        var token = TestContext.Current.CancellationToken;
        var used = (PostgresEventStore)await _own.Provider.CreateFreshLogAsync(token);
        var database = used.DatabaseName;
        var events = new SampleEvents();
        await using (var session = await used.OpenAutoCommitSessionAsync(token))
        {
            // The server's sequence hands out 0 and 1; the counter is moved past them before the batch numbers from it.
            await session.InsertEventsNumberedByServerAsync(CommitRequest.ForEvents(events.Create(2)), recordTransaction: true, token);
            await session.ReserveSequenceNumbersAsync(2, token);
        }

        Assert.True((await used.WriteBatchAsync([CommitRequest.ForAggregate(new AggregateKey("a", "Order"), 0, events.Create("a", 3))], token)).Single().Written);

        await used.IndexStreamsAsync(token);
        await using var lingering = new NpgsqlConnection(used.ConnectionString);
        await lingering.OpenAsync(token);
        await using (var trigger = new NpgsqlCommand(
            "CREATE FUNCTION noted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$; " +
            "CREATE TRIGGER noted AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION noted();", lingering))
        {
            await trigger.ExecuteNonQueryAsync(token);
        }

        await used.DisposeAsync();
        await used.DisposeAsync();

        await using var fresh = (PostgresEventStore)await _own.Provider.CreateFreshLogAsync(token);

        Assert.Equal(database, fresh.DatabaseName);
        Assert.Empty(await fresh.ReadLogAsync(token).ToListAsync(token));
        var snapshot = await fresh.ReadSnapshotAsync(token);
        Assert.Empty(snapshot.Aggregates);
        Assert.Equal(0, snapshot.CounterNext);
        await using (var session = await fresh.OpenAutoCommitSessionAsync(token))
        {
            Assert.Equal([0L, 1L], await session.InsertEventsNumberedByServerAsync(CommitRequest.ForEvents(events.Create(2)), recordTransaction: false, token));
        }

        await using var connection = new NpgsqlConnection(fresh.ConnectionString);
        await connection.OpenAsync(token);
        await using var added = new NpgsqlCommand(
            "SELECT (SELECT count(*) FROM pg_indexes WHERE tablename = 'events' AND indexname = 'events_by_stream') " +
            "+ (SELECT count(*) FROM pg_trigger WHERE tgname = 'noted') + (SELECT count(*) FROM pg_proc WHERE proname = 'noted')", connection);
        Assert.Equal(0L, await added.ExecuteScalarAsync(token));
        await using var other = (PostgresEventStore)await _own.Provider.CreateFreshLogAsync(token);
        Assert.NotEqual(database, other.DatabaseName);
        Assert.Equal(System.Data.ConnectionState.Closed, await StateAfterUseAsync(lingering, token));
    }

    [Fact]
    public async Task a_log_of_another_durability_gets_a_database_of_its_own()
    {
        var token = TestContext.Current.CancellationToken;
        var durable = (PostgresEventStore)await _own.Provider.CreateFreshLogAsync("durable", token);
        var database = durable.DatabaseName;
        await durable.DisposeAsync();

        await using var asynchronous = (PostgresEventStore)await _own.Provider.CreateFreshLogAsync("async-commit", token);

        Assert.NotEqual(database, asynchronous.DatabaseName);
    }

    [Fact]
    public async Task a_spare_that_cannot_be_emptied_is_dropped_and_never_handed_out_again()
    {
        var token = TestContext.Current.CancellationToken;
        var used = (PostgresEventStore)await _own.Provider.CreateFreshLogAsync(token);
        var gone = used.DatabaseName;
        await used.DisposeAsync();
        await using (var admin = new NpgsqlConnection(new NpgsqlConnectionStringBuilder(used.ConnectionString) { Database = "postgres", Pooling = false }.ConnectionString))
        {
            await admin.OpenAsync(token);
            await using var drop = new NpgsqlCommand($"DROP DATABASE {gone} WITH (FORCE)", admin);
            await drop.ExecuteNonQueryAsync(token);
        }

        using var patience = CancellationTokenSource.CreateLinkedTokenSource(token);
        patience.CancelAfter(TimeSpan.FromSeconds(60));
        await using var fresh = (PostgresEventStore)await _own.Provider.CreateFreshLogAsync(patience.Token);
        await using var next = (PostgresEventStore)await _own.Provider.CreateFreshLogAsync(patience.Token);

        Assert.NotEqual(gone, fresh.DatabaseName);
        Assert.NotEqual(gone, next.DatabaseName);
        Assert.Empty(await fresh.ReadLogAsync(token).ToListAsync(token));
    }

    /// <summary>A connection the server ended reads as broken once used.</summary>
    private static async Task<System.Data.ConnectionState> StateAfterUseAsync(NpgsqlConnection connection, CancellationToken token)
    {
        try
        {
            await using var command = new NpgsqlCommand("SELECT 1", connection);
            await command.ExecuteScalarAsync(token);
        }
        catch (NpgsqlException)
        {
        }

        return connection.State;
    }
}
