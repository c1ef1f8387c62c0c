using System.Diagnostics;
using System.Globalization;
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
    private const string Table = "tag_log";
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
            foreach (var statement in BuildStatements(storage, events, taggedAtEnd))
            {
                await log.ExecuteAsync(statement, cancellationToken).ConfigureAwait(false);
            }

            log.BuildTime = watch.Elapsed;
            await using var size = log._dataSource.CreateCommand(
                $"SELECT pg_total_relation_size('{Table}') + coalesce(pg_total_relation_size(to_regclass('{Table}_tags')), 0)");
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
        var (sql, parameter) = Storage switch
        {
            TagStorage.JsonArrayGin => ($"SELECT position, stream, payload::text FROM {Table} WHERE tags @> $1 ORDER BY position",
                new NpgsqlParameter<string> { TypedValue = $"[\"{tag}\"]", NpgsqlDbType = NpgsqlDbType.Jsonb }),
            TagStorage.CommaSeparatedLike => ($"SELECT position, stream, payload::text FROM {Table} WHERE tags LIKE $1 ORDER BY position",
                new NpgsqlParameter<string> { TypedValue = $"%,{tag},%" }),
            TagStorage.TagTable => ($"SELECT e.position, e.stream, e.payload::text FROM {Table}_tags t JOIN {Table} e ON e.position = t.position WHERE t.tag = $1 ORDER BY t.position",
                (NpgsqlParameter)new NpgsqlParameter<string> { TypedValue = tag }),
            // ARRAY(subquery) is run once before the outer plan is chosen: the planner never weighs the tag's row estimate
            // (far too high for a rare tag when every event carries common ones) against a scan of the whole log.
            _ => ($"SELECT position, stream, payload::text FROM {Table} WHERE position = ANY (ARRAY(SELECT position FROM {Table}_tags WHERE tag = $1)) ORDER BY position",
                (NpgsqlParameter)new NpgsqlParameter<string> { TypedValue = tag }),
        };
        await using var command = _dataSource.CreateCommand(sql);
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

    private static IEnumerable<string> BuildStatements(TagStorage storage, long events, IReadOnlyList<int> taggedAtEnd)
    {
        var invariant = CultureInfo.InvariantCulture;
        var tags = "array_remove(ARRAY['kind-' || (i % 10), 'shard-' || (i % 100)" +
            string.Concat(taggedAtEnd.Select(n => string.Create(invariant, $", CASE WHEN i > {events - n} THEN 'last-{n}' END"))) + "], NULL)";
        var rows = string.Create(invariant, $"FROM generate_series(1::bigint, {events}::bigint) AS i");
        const string Columns = "position bigint PRIMARY KEY, stream text NOT NULL, payload jsonb NOT NULL";
        const string Values = "i, 'stream-' || (i % 1000), jsonb_build_object('n', i, 'data', repeat('x', 64))";
        switch (storage)
        {
            case TagStorage.JsonArrayGin:
                yield return $"CREATE TABLE {Table} ({Columns}, tags jsonb NOT NULL) WITH (autovacuum_enabled = off)";
                yield return $"INSERT INTO {Table} SELECT {Values}, to_jsonb({tags}) {rows}";
                yield return $"CREATE INDEX {Table}_by_tag ON {Table} USING gin (tags jsonb_path_ops)";
                break;
            case TagStorage.CommaSeparatedLike:
                // Separators at both ends, so that LIKE '%,tag,%' matches whole tags only, as Akka's Csv mode does.
                yield return $"CREATE TABLE {Table} ({Columns}, tags text NOT NULL) WITH (autovacuum_enabled = off)";
                yield return $"INSERT INTO {Table} SELECT {Values}, ',' || array_to_string({tags}, ',') || ',' {rows}";
                break;
            default:
                yield return $"CREATE TABLE {Table} ({Columns}) WITH (autovacuum_enabled = off)";
                yield return $"CREATE TABLE {Table}_tags (tag text NOT NULL, position bigint NOT NULL) WITH (autovacuum_enabled = off)";
                yield return $"INSERT INTO {Table} SELECT {Values} {rows}";
                yield return $"INSERT INTO {Table}_tags SELECT unnest({tags}), i {rows}";
                yield return $"ALTER TABLE {Table}_tags ADD PRIMARY KEY (tag, position)";
                break;
        }

        yield return $"VACUUM ANALYZE {Table}";
        if (storage is TagStorage.TagTable or TagStorage.TagTablePositionsFirst)
        {
            yield return $"VACUUM ANALYZE {Table}_tags";
        }
    }

    private async Task ExecuteAsync(string sql, CancellationToken cancellationToken)
    {
        await using var command = _dataSource.CreateCommand(sql);
        command.CommandTimeout = 0;
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
