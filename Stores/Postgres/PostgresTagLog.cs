using System.Diagnostics;
using EventCommitLab.Stores.Postgres.Sql;
using EventCommitLab.SuitePorts.Tags;
using Npgsql;
using NpgsqlTypes;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// A tag log on PostgreSQL in a database of its own, built on the server in one statement per table from
/// <c>generate_series</c> (no rows cross the wire: the fastest bulk path there is), then indexed and analysed.
/// Every event has two common tags (<c>kind-i%10</c>, <c>shard-i%100</c>); the last n carry <c>last-n</c> too.
/// </summary>
internal sealed class PostgresTagLog : ITagLog
{
    private readonly NpgsqlDataSource _dataSource;
    private readonly Func<ValueTask> _onDispose;

    private PostgresTagLog(TagStorage storage, NpgsqlDataSource dataSource, Func<ValueTask> onDispose)
    {
        Storage = storage;
        _dataSource = dataSource;
        _onDispose = onDispose;
    }

    public TagStorage Storage { get; }

    public TimeSpan BuildTime { get; private set; }

    public long Bytes { get; private set; }

    public static async Task<PostgresTagLog> BuildAsync(
        string connectionString, TagStorage storage, long events, IReadOnlyList<int> taggedAtEnd, Func<ValueTask> onDispose, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(events, 1);
        var log = new PostgresTagLog(storage, NpgsqlDataSource.Create(connectionString), onDispose);
        try
        {
            var watch = Stopwatch.StartNew();
            foreach (var statement in TagLogSql.Build(storage, events, taggedAtEnd))
            {
                await log.ExecuteAsync(statement, cancellationToken).ConfigureAwait(false);
            }

            log.BuildTime = watch.Elapsed;
            await using var size = log._dataSource.CreateCommand(TagLogSql.Size);
            log.Bytes = (long)(await size.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
            return log;
        }
        catch
        {
            await log.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async Task<IReadOnlyList<long>> QueryAsync(string tag, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(tag);
        var parameter = Storage switch
        {
            TagStorage.JsonArrayGin => new NpgsqlParameter<string> { TypedValue = $"[\"{tag}\"]", NpgsqlDbType = NpgsqlDbType.Jsonb },
            TagStorage.CommaSeparatedLike => new NpgsqlParameter<string> { TypedValue = $"%,{tag},%" },
            _ => (NpgsqlParameter)new NpgsqlParameter<string> { TypedValue = tag },
        };
        await using var command = _dataSource.CreateCommand(TagLogSql.Query(Storage));
        command.Parameters.Add(parameter);
        var positions = new List<long>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            positions.Add(reader.GetInt64(0));
            _ = reader.GetString(1);
            _ = reader.GetString(2);
        }

        return positions;
    }

    public async ValueTask DisposeAsync()
    {
        await _dataSource.DisposeAsync().ConfigureAwait(false);
        await _onDispose().ConfigureAwait(false);
    }

    private async Task ExecuteAsync(string sql, CancellationToken cancellationToken)
    {
        await using var command = _dataSource.CreateCommand(sql);
        command.CommandTimeout = 0;
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
