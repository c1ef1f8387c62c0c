using System.Runtime.CompilerServices;
using System.Text.Json;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using Npgsql;
using NpgsqlTypes;

namespace EventCommitLab.Stores.Postgres;

/// <summary>The store port on one PostgreSQL database: the only place, with its session, that knows SQL.</summary>
public sealed class PostgresEventStore : IEventStore
{
    private readonly NpgsqlDataSource _dataSource;
    private readonly Func<ValueTask>? _onDispose;

    private PostgresEventStore(NpgsqlDataSource dataSource, string description, Func<ValueTask>? onDispose)
    {
        _dataSource = dataSource;
        _onDispose = onDispose;
        Description = description;
    }

    public string Description { get; }

    /// <summary>Opens the database and creates the lab's tables in it.</summary>
    /// <param name="onDispose">Runs after the store's connections are closed, e.g. to drop the database.</param>
    public static async Task<PostgresEventStore> CreateAsync(
        string connectionString, string description, Func<ValueTask>? onDispose, CancellationToken cancellationToken)
    {
        var dataSource = NpgsqlDataSource.Create(connectionString);
        var store = new PostgresEventStore(dataSource, description, onDispose);
        try
        {
            await using var connection = await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
            await using var command = new NpgsqlCommand(PostgresSchema.Create, connection);
            await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            return store;
        }
        catch
        {
            await store.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async Task<IStoreSession> BeginTransactionAsync(CancellationToken cancellationToken)
    {
        var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
            return new PostgresStoreSession(connection, transaction);
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async Task<IStoreSession> OpenAutoCommitSessionAsync(CancellationToken cancellationToken) =>
        new PostgresStoreSession(await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false), null);

    public async Task BulkInsertAsync(IReadOnlyList<StoredEvent> storedEvents, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);

        // Binary COPY: PostgreSQL's fastest way in, one statement and one commit (one durable flush) for all rows.
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var writer = await connection.BeginBinaryImportAsync(
            "COPY events (sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags, payload) FROM STDIN (FORMAT BINARY)",
            cancellationToken).ConfigureAwait(false);
        foreach (var e in storedEvents)
        {
            await writer.StartRowAsync(cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync(e.SequenceNumber, NpgsqlDbType.Bigint, cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync(e.EventSource, NpgsqlDbType.Text, cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync(e.EventType, NpgsqlDbType.Text, cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync((object?)e.AggregateType ?? DBNull.Value, NpgsqlDbType.Text, cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync((object?)e.AggregateVersion ?? DBNull.Value, NpgsqlDbType.Bigint, cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync(e.CommitId, NpgsqlDbType.Uuid, cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync(JsonSerializer.Serialize(e.Tags), NpgsqlDbType.Jsonb, cancellationToken).ConfigureAwait(false);
            await writer.WriteAsync(e.Payload, NpgsqlDbType.Jsonb, cancellationToken).ConfigureAwait(false);
        }

        await writer.CompleteAsync(cancellationToken).ConfigureAwait(false);
    }

    public async IAsyncEnumerable<StoredEvent> ReadLogAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var command = new NpgsqlCommand(
            "SELECT sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags::text, payload::text FROM events ORDER BY sequence_number",
            connection);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            yield return new StoredEvent(
                reader.GetInt64(0),
                reader.GetString(1),
                reader.GetString(2),
                reader.IsDBNull(3) ? null : reader.GetString(3),
                reader.IsDBNull(4) ? null : reader.GetInt64(4),
                reader.GetGuid(5),
                JsonSerializer.Deserialize<string[]>(reader.GetString(6)) ?? [],
                reader.GetString(7));
        }
    }

    public async IAsyncEnumerable<AggregateVersionRecord> ReadAggregateVersionsAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var command = new NpgsqlCommand("SELECT event_source, aggregate_type, version FROM aggregates ORDER BY 1, 2", connection);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            yield return new AggregateVersionRecord(new AggregateKey(reader.GetString(0), reader.GetString(1)), reader.GetInt64(2));
        }
    }

    public StoreErrorKind Classify(Exception exception) => PostgresErrorClassifier.Classify(exception);

    public async ValueTask DisposeAsync()
    {
        await _dataSource.DisposeAsync().ConfigureAwait(false);
        if (_onDispose is not null)
        {
            await _onDispose().ConfigureAwait(false);
        }
    }
}
