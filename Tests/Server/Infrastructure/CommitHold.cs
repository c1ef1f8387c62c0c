using Npgsql;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// Holds back, for real, the COMMIT of any transaction that inserted a chosen row: a deferred constraint trigger on the
/// table takes an advisory lock this hold keeps until <see cref="ReleaseAsync"/>. The row is numbered and the
/// transaction otherwise done; only its commit waits, as a slow commit would.
/// </summary>
public sealed class CommitHold : IAsyncDisposable
{
    private readonly NpgsqlConnection _control;
    private readonly long _key;

    private CommitHold(NpgsqlConnection control, long key)
    {
        _control = control;
        _key = key;
    }

    /// <param name="holdsWhen">A condition on the inserted row <c>NEW</c>, e.g. <c>NEW.tags ? 'hold'</c>.</param>
    public static async Task<CommitHold> InstallAsync(string connectionString, string table, string holdsWhen, long key)
    {
        var control = new NpgsqlConnection(connectionString);
        await control.OpenAsync();
        await ExecuteAsync(control, $"""
            CREATE FUNCTION hold_commit() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF {holdsWhen} THEN PERFORM pg_advisory_xact_lock({key}); END IF;
                RETURN NULL;
            END $$;
            CREATE CONSTRAINT TRIGGER hold_commit AFTER INSERT ON {table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION hold_commit();
            SELECT pg_advisory_lock({key});
            """);
        return new CommitHold(control, key);
    }

    /// <summary>Returns once a transaction of this database waits on the hold.</summary>
    public Task WaitUntilACommitIsHeldAsync() => WaitUntilAsync("wait_event = 'advisory'", 1);

    /// <summary>Returns once <paramref name="backends"/> sessions of this database wait on locks other than the hold (rows, keys, transactions).</summary>
    public Task WaitUntilBlockedAsync(int backends) => WaitUntilAsync("wait_event_type = 'Lock' AND wait_event <> 'advisory'", backends);

    public Task ReleaseAsync() => ExecuteAsync(_control, $"SELECT pg_advisory_unlock({_key})");

    public ValueTask DisposeAsync() => _control.DisposeAsync();

    private async Task WaitUntilAsync(string waiting, int backends)
    {
        await using var command = new NpgsqlCommand($"SELECT count(*) >= {backends} FROM pg_stat_activity WHERE datname = current_database() AND {waiting}", _control);
        var until = DateTime.UtcNow.AddSeconds(30);
        while (!(bool)(await command.ExecuteScalarAsync())!)
        {
            Assert.True(DateTime.UtcNow < until, $"fewer than {backends} sessions waiting ({waiting}) after 30 s");
            await Task.Delay(10);
        }
    }

    private static async Task ExecuteAsync(NpgsqlConnection connection, string sql)
    {
        await using var command = new NpgsqlCommand(sql, connection);
        await command.ExecuteNonQueryAsync();
    }
}
