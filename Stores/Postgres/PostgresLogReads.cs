using System.Runtime.CompilerServices;
using System.Text.Json;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Sql;
using Npgsql;
using NpgsqlTypes;

namespace EventCommitLab.Stores.Postgres;

/// <summary>The log's reads on the store's shared pool: the whole log, a stream, a snapshot, and the tailing readers' pages.</summary>
internal sealed class PostgresLogReads(NpgsqlDataSource dataSource)
{
    /// <remarks>One repeatable-read transaction, so the three reads share its snapshot.</remarks>
    public async Task<EventLogSnapshot<TEvent>> ReadSnapshotAsync<TEvent>(Func<StoredEvent, TEvent> keep, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(keep);
        await using var connection = await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var transaction = await connection.BeginTransactionAsync(System.Data.IsolationLevel.RepeatableRead, cancellationToken).ConfigureAwait(false);
        var events = new List<TEvent>();
        await foreach (var e in ReadEventsAsync(connection, EventLogSql.ReadLog, null, cancellationToken).ConfigureAwait(false))
        {
            events.Add(keep(e));
        }

        var aggregates = new List<AggregateVersionRecord>();
        await using (var command = new NpgsqlCommand(EventLogSql.ReadAggregateVersions, connection))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                aggregates.Add(new AggregateVersionRecord(new AggregateKey(reader.GetString(0), reader.GetString(1)), reader.GetInt64(2)));
            }
        }

        await using var counter = new NpgsqlCommand(EventLogSql.NextSequenceNumber, connection);
        var next = await counter.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is long n ? n : (long?)null;
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        return new EventLogSnapshot<TEvent>(events, aggregates, next);
    }

    public async IAsyncEnumerable<StoredEvent> ReadLogAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await using var connection = await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await foreach (var e in ReadEventsAsync(connection, EventLogSql.ReadLog, null, cancellationToken).ConfigureAwait(false))
        {
            yield return e;
        }
    }

    public async IAsyncEnumerable<StoredEvent> ReadStreamAsync(string eventSource, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await using var connection = await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await foreach (var e in ReadEventsAsync(connection, EventLogSql.ReadStream, eventSource, cancellationToken).ConfigureAwait(false))
        {
            yield return e;
        }
    }

    private static async IAsyncEnumerable<StoredEvent> ReadEventsAsync(
        NpgsqlConnection connection, string sql, string? eventSource, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await using var command = new NpgsqlCommand(sql, connection);
        if (eventSource is not null)
        {
            command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = eventSource });
        }

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

    public async Task<IReadOnlyList<long>> ReadSequenceNumbersAfterAsync(long after, int limit, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        await using var connection = await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var command = new NpgsqlCommand(EventLogSql.SequenceNumbersAfter, connection);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = after });
        command.Parameters.Add(new NpgsqlParameter<int> { TypedValue = limit });
        var numbers = new List<long>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            numbers.Add(reader.GetInt64(0));
        }

        return numbers;
    }

    public async Task<IReadOnlyList<TransactionPosition>> ReadBelowTransactionHorizonAsync(TransactionPosition after, int limit, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        await using var connection = await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var command = new NpgsqlCommand(EventLogSql.CompletedTransactionsAfter, connection);
        command.Parameters.Add(new NpgsqlParameter<ulong> { NpgsqlDbType = NpgsqlDbType.Xid8, TypedValue = after.TransactionId });
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = after.SequenceNumber });
        command.Parameters.Add(new NpgsqlParameter<int> { TypedValue = limit });
        var positions = new List<TransactionPosition>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            positions.Add(new TransactionPosition(reader.GetFieldValue<ulong>(0), reader.GetInt64(1)));
        }

        return positions;
    }
}
