using EventCommitLab.Stores.Postgres;
using EventCommitLab.SuitePorts.Faults;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Stores.Postgres;

/// <summary>A fault target counts the deadlocks the server broke among its log's clients, from the server's own statistics.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class DeadlockCountTests(LabStores stores)
{
    [Fact]
    public async Task a_deadlock_the_server_breaks_between_two_clients_of_a_log_is_counted_once()
    {
        var cancellation = TestContext.Current.CancellationToken;
        var provider = (IFaultInjectionProvider)await stores.ProviderAsync("postgres");
        await using var target = await provider.CreateFaultTargetAsync(cancellation);
        var before = await target.CountDeadlocksAsync(cancellation);
        // Unpooled, so that closing a connection ends its server process, which hands the server its statistics.
        var address = new NpgsqlConnectionStringBuilder(((PostgresEventStore)target.Log).ConnectionString) { Pooling = false }.ConnectionString;

        Exception? broken;
        await using (var first = new NpgsqlConnection(address))
        await using (var second = new NpgsqlConnection(address))
        {
            await first.OpenAsync(cancellation);
            await second.OpenAsync(cancellation);
            await using var firstTransaction = await first.BeginTransactionAsync(cancellation);
            await using var secondTransaction = await second.BeginTransactionAsync(cancellation);
            await LockAsync(first, 1, cancellation);
            await LockAsync(second, 2, cancellation);

            // Each waits for the lock the other holds: the server fails one of them after deadlock_timeout.
            // The failed one's locks go with its failure, so the other then takes its lock: exactly one of the two throws.
            var waits = new[] { LockAsync(first, 2, cancellation), LockAsync(second, 1, cancellation) };
            var thrown = await Task.WhenAll(waits.Select(w => Record.ExceptionAsync(() => w).AsTask()));
            broken = Assert.Single(thrown, e => e is not null);
        }

        Assert.Equal(PostgresErrorCodes.DeadlockDetected, Assert.IsType<PostgresException>(broken).SqlState);
        long? after = null;
        for (var tries = 0; tries < 50 && after != before + 1; tries++)
        {
            await Task.Delay(100, cancellation);
            after = await target.CountDeadlocksAsync(cancellation);
        }

        Assert.Equal(before + 1, after);
    }

    private static async Task LockAsync(NpgsqlConnection connection, long key, CancellationToken cancellationToken)
    {
        await using var command = new NpgsqlCommand("SELECT pg_advisory_xact_lock($1)", connection) { Parameters = { new NpgsqlParameter<long> { TypedValue = key } } };
        await command.ExecuteNonQueryAsync(cancellationToken);
    }
}
