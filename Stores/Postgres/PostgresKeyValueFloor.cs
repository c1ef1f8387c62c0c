using EventCommitLab.Stores.Postgres.Sql;
using EventCommitLab.SuitePorts.Floor;
using Npgsql;
using NpgsqlTypes;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The engine's floor on PostgreSQL: a table of a bigint primary key and a bytea value in a database of its own, one
/// connection, each statement prepared once. Durability is the session's <c>synchronous_commit</c>: off is the
/// analogue of ESENT's lazy flush (a commit returns before its WAL is on disk; a crash may lose the last ones).
/// </summary>
internal sealed class PostgresKeyValueFloor : IKeyValueFloor
{
    private readonly NpgsqlConnection _connection;
    private readonly Func<ValueTask> _onDispose;
    private readonly NpgsqlCommand _insert;
    private readonly NpgsqlParameter<long> _insertKey = new() { NpgsqlDbType = NpgsqlDbType.Bigint };
    private readonly NpgsqlParameter<ReadOnlyMemory<byte>> _insertValue = new() { NpgsqlDbType = NpgsqlDbType.Bytea };
    private readonly NpgsqlCommand _read;
    private readonly NpgsqlParameter<long> _readKey = new() { NpgsqlDbType = NpgsqlDbType.Bigint };
    private readonly NpgsqlCommand _scan;

    private PostgresKeyValueFloor(NpgsqlConnection connection, Func<ValueTask> onDispose)
    {
        _connection = connection;
        _onDispose = onDispose;
        _insert = new NpgsqlCommand(KeyValueFloorSql.Insert, connection) { Parameters = { _insertKey, _insertValue } };
        _read = new NpgsqlCommand(KeyValueFloorSql.ReadLength, connection) { Parameters = { _readKey } };
        _scan = new NpgsqlCommand(KeyValueFloorSql.Scan, connection);
    }

    public static async Task<PostgresKeyValueFloor> OpenAsync(string connectionString, bool durable, Func<ValueTask> onDispose, CancellationToken cancellationToken)
    {
        var connection = new NpgsqlConnection(connectionString);
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            await using (var setup = new NpgsqlCommand(KeyValueFloorSql.Create(durable), connection))
            {
                await setup.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            }

            var floor = new PostgresKeyValueFloor(connection, onDispose);
            await floor._insert.PrepareAsync(cancellationToken).ConfigureAwait(false);
            await floor._read.PrepareAsync(cancellationToken).ConfigureAwait(false);
            await floor._scan.PrepareAsync(cancellationToken).ConfigureAwait(false);
            return floor;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            await onDispose().ConfigureAwait(false);
            throw;
        }
    }

    public async Task InsertAsync(long key, ReadOnlyMemory<byte> value, CancellationToken cancellationToken)
    {
        _insertKey.TypedValue = key;
        _insertValue.TypedValue = value;
        await _insert.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    public async Task<int> ReadAsync(long key, CancellationToken cancellationToken)
    {
        _readKey.TypedValue = key;
        var length = await _read.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        return length is int found ? found : -1;
    }

    public async Task<long> ScanAsync(CancellationToken cancellationToken)
    {
        long rows = 0;
        await using var reader = await _scan.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            rows++;
        }

        return rows;
    }

    public async ValueTask DisposeAsync()
    {
        await _insert.DisposeAsync().ConfigureAwait(false);
        await _read.DisposeAsync().ConfigureAwait(false);
        await _scan.DisposeAsync().ConfigureAwait(false);
        await _connection.DisposeAsync().ConfigureAwait(false);
        await _onDispose().ConfigureAwait(false);
    }
}
