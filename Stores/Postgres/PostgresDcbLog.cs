using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Sql;
using EventCommitLab.SuitePorts.Dcb;
using Npgsql;
using NpgsqlTypes;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// A DCB log on PostgreSQL in a database of its own: one events table (position, type, <c>text[]</c> tags with a GIN
/// index, <c>jsonb</c> payload), positions from one sequence. Every write is one round trip per transaction where it can
/// be: <c>BEGIN</c>, the locks, the statement that checks the condition and inserts, and <c>COMMIT</c> sent as one batch.
/// </summary>
/// <remarks>
/// Conditions are shipped as typed arrays (items; their types and tags flattened beside an item index), never as text
/// to be parsed: the check is one statement whatever the number of conditions. The batch writer's exclusive lock is a
/// transaction-scoped advisory lock, so batch writers in several processes exclude each other too. The tag index is
/// GIN without its pending list (<c>fastupdate = off</c>): with it, every condition check scanned the entries not yet
/// merged, up to megabytes of them, and took longer than the append itself under load (EXPLAIN ANALYZE); a tag match written
/// as <c>tags IS NULL OR ...</c> kept the planner off the index altogether, hence the <c>coalesce</c>.
/// </remarks>
internal sealed class PostgresDcbLog : IDcbLog
{

    private readonly NpgsqlDataSource _dataSource;
    private readonly Func<ValueTask> _onDispose;

    private PostgresDcbLog(NpgsqlDataSource dataSource, string description, Func<ValueTask> onDispose)
    {
        _dataSource = dataSource;
        Description = description;
        _onDispose = onDispose;
    }

    public string Description { get; }

    /// <summary>The database the log lives in, for fault injection on its connections.</summary>
    internal string DatabaseName => new NpgsqlConnectionStringBuilder(_dataSource.ConnectionString).Database!;

    /// <summary>How the log connects, for tests that reach the same database another way (through a relay).</summary>
    internal string ConnectionString => _dataSource.ConnectionString;

    /// <summary>A log over a database whose schema another <see cref="PostgresDcbLog"/> made; for tests.</summary>
    internal static PostgresDcbLog Open(string connectionString, string description) =>
        new(NpgsqlDataSource.Create(connectionString), description, () => ValueTask.CompletedTask);

    /// <summary>A connection of the log's own pool, for tests that hold its locks from outside.</summary>
    internal ValueTask<NpgsqlConnection> OpenConnectionAsync(CancellationToken cancellationToken) => _dataSource.OpenConnectionAsync(cancellationToken);

    public static async Task<PostgresDcbLog> CreateAsync(string connectionString, string description, Func<ValueTask> onDispose, CancellationToken cancellationToken)
    {
        var log = new PostgresDcbLog(NpgsqlDataSource.Create(connectionString), description, onDispose);
        try
        {
            await log.ExecuteAsync(DcbLogSql.Create, cancellationToken).ConfigureAwait(false);
            return log;
        }
        catch
        {
            await log.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async Task<DcbAppendResult> AppendAsync(DcbAppend append, DcbLocking locking, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(append);
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var batch = new NpgsqlBatch(connection);
        batch.BatchCommands.Add(new NpgsqlBatchCommand(DcbLogSql.BeginFor(locking)));
        batch.BatchCommands.Add(new NpgsqlBatchCommand(DcbLogSql.IndexOnlyChecks));
        if (locking == DcbLocking.TagLocks)
        {
            batch.BatchCommands.Add(PostgresDcbStatements.TagLocks(append));
        }

        batch.BatchCommands.Add(PostgresDcbStatements.CheckAndInsert([append], [true]));
        var commit = new NpgsqlBatchCommand(DcbLogSql.Commit);
        batch.BatchCommands.Add(commit);

        var (broken, positions) = await DcbWriteExecution.ExecuteAsync(connection, batch, commit, cancellationToken).ConfigureAwait(false);
        return broken.Count > 0 ? DcbAppendResult.ConditionFailed : new DcbAppendResult(positions);
    }

    public async Task<IReadOnlyList<DcbAppendResult?>> AppendBatchAsync(IReadOnlyList<DcbAppend> batch, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(batch);
        // One round trip: the lock, then (each statement sees what committed before it) the statement that checks every
        // condition and inserts the events of the appends the batch itself does not break (assuming the log breaks
        // none), leaving out those the log does break; then COMMIT.
        var assumed = DcbBatchConditions.Decide(batch, new HashSet<int>());
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var write = new NpgsqlBatch(connection);
        write.BatchCommands.Add(new NpgsqlBatchCommand(DcbLogSql.Begin));
        write.BatchCommands.Add(new NpgsqlBatchCommand(DcbLogSql.IndexOnlyChecks));
        write.BatchCommands.Add(new NpgsqlBatchCommand(DcbLogSql.TakeBatchWriterLock));
        write.BatchCommands.Add(PostgresDcbStatements.CheckAndInsert(batch, assumed));
        var commit = new NpgsqlBatchCommand(DcbLogSql.Commit);
        write.BatchCommands.Add(commit);
        var (broken, positions) = await DcbWriteExecution.ExecuteAsync(connection, write, commit, cancellationToken).ConfigureAwait(false);

        // Only an append the log broke can change what follows it; with none, what was assumed is the truth.
        var truth = broken.Count == 0 ? assumed : DcbBatchConditions.Decide(batch, broken);
        var results = new DcbAppendResult?[batch.Count];
        var next = 0;
        for (var i = 0; i < batch.Count; i++)
        {
            if (assumed[i] && !broken.Contains(i))
            {
                results[i] = new DcbAppendResult(positions.GetRange(next, batch[i].Events.Count));
                next += batch[i].Events.Count;
            }
            else
            {
                // Left out only because an append before it looked written and the log broke that one: undecided.
                results[i] = truth[i] ? null : DcbAppendResult.ConditionFailed;
            }
        }

        return results;
    }

    public async Task<IReadOnlyList<DcbStoredEvent>> ReadAsync(DcbQuery? query, long after, int limit, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(limit, 1);
        await using var command = _dataSource.CreateCommand();
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = after });
        command.Parameters.Add(new NpgsqlParameter<int> { TypedValue = limit });
        var filter = "";
        if (query is not null)
        {
            var items = new List<(int, int)>();
            foreach (var item in query.Items)
            {
                items.Add((AddIfAny(command, item.Types), AddIfAny(command, item.Tags)));
            }

            filter = DcbLogSql.Matching(items);
        }

        command.CommandText = DcbLogSql.Read(filter);
        var events = new List<DcbStoredEvent>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            events.Add(new DcbStoredEvent(reader.GetInt64(0), reader.GetString(1), reader.GetFieldValue<string[]>(2), reader.GetString(3)));
        }

        return events;
    }

    public async Task<long> HeadAsync(CancellationToken cancellationToken)
    {
        await using var command = _dataSource.CreateCommand(DcbLogSql.Head);
        return (long)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    public async Task LoadAsync(IReadOnlyList<DcbEvent> events, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(events);
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        var head = await HeadAsync(cancellationToken).ConfigureAwait(false);
        await using (var importer = await connection.BeginBinaryImportAsync(DcbLogSql.CopyIn, cancellationToken).ConfigureAwait(false))
        {
            var position = head;
            foreach (var e in events)
            {
                await importer.StartRowAsync(cancellationToken).ConfigureAwait(false);
                await importer.WriteAsync(++position, NpgsqlDbType.Bigint, cancellationToken).ConfigureAwait(false);
                await importer.WriteAsync(e.Type, NpgsqlDbType.Text, cancellationToken).ConfigureAwait(false);
                await importer.WriteAsync(e.Tags as string[] ?? [.. e.Tags], NpgsqlDbType.Array | NpgsqlDbType.Text, cancellationToken).ConfigureAwait(false);
                await importer.WriteAsync(e.Payload, NpgsqlDbType.Jsonb, cancellationToken).ConfigureAwait(false);
            }

            await importer.CompleteAsync(cancellationToken).ConfigureAwait(false);
        }

        await using var settle = new NpgsqlCommand(DcbLogSql.SetHead(head + events.Count), connection);
        await settle.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        await using var analyse = new NpgsqlCommand(DcbLogSql.Analyse, connection);
        await analyse.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    public async Task FillWithTaggedEventsAsync(int tags, int eventsPerTag, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(tags, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(eventsPerTag, 1);
        if (await HeadAsync(cancellationToken).ConfigureAwait(false) != 0)
        {
            throw new InvalidOperationException("Only an empty DCB log can be filled.");
        }

        var events = (long)tags * eventsPerTag;
        // The index is built once over the whole table: far faster than maintaining it row by row.
        await ExecuteAsync(DcbLogSql.DropTagIndex, cancellationToken).ConfigureAwait(false);
        await ExecuteAsync(DcbLogSql.InsertTagged(tags, events), cancellationToken).ConfigureAwait(false);
        await ExecuteAsync(DcbLogSql.SetHead(events), cancellationToken).ConfigureAwait(false);
        await ExecuteAsync(DcbLogSql.CreateTagIndex, cancellationToken).ConfigureAwait(false);
        await ExecuteAsync(DcbLogSql.VacuumAnalyse, cancellationToken).ConfigureAwait(false);
    }

    public StoreErrorKind Classify(Exception exception) => PostgresErrorClassifier.Classify(exception);

    public async ValueTask DisposeAsync()
    {
        await _dataSource.DisposeAsync().ConfigureAwait(false);
        await _onDispose().ConfigureAwait(false);
    }

    /// <summary>The number of the parameter that carries <paramref name="values"/>, or 0 when there are none (nothing added).</summary>
    private static int AddIfAny(NpgsqlCommand command, IReadOnlyList<string> values)
    {
        if (values.Count == 0)
        {
            return 0;
        }

        command.Parameters.Add(PostgresDcbStatements.TextArray(values));
        return command.Parameters.Count;
    }

    private async Task ExecuteAsync(string sql, CancellationToken cancellationToken)
    {
        await using var command = _dataSource.CreateCommand(sql);
        command.CommandTimeout = 0;
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
