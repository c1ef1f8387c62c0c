using System.Text.Json;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Sql;
using Npgsql;
using NpgsqlTypes;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The store port's operations on one pooled connection, in a transaction or in auto-commit mode. A write that can take
/// effect on its own (COMMIT, or any write in auto-commit mode) and gets no answer is reported as
/// <see cref="WriteOutcomeUnknownException"/>, and its server process is handed to <paramref name="lostWrites"/> so the
/// store can make sure it is gone before anyone looks for the commit.
/// </summary>
internal sealed class PostgresStoreSession(NpgsqlConnection connection, NpgsqlTransaction? transaction, LostWrites lostWrites) : IStoreSession
{
    // Read while the connection is whole: once it breaks, its server process can no longer be asked for.
    private readonly int _serverProcess = connection.ProcessID;

    public async Task<long> CountEventsAsync(CancellationToken cancellationToken)
    {
        await using var command = Command(EventLogSql.CountEvents);
        return (long)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    public async Task<long?> ReadHighestSequenceNumberAsync(CancellationToken cancellationToken)
    {
        await using var command = Command(EventLogSql.HighestSequenceNumber);
        return await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is long highest ? highest : null;
    }

    public async Task<long> ReserveSequenceNumbersAsync(int count, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, 1);
        await using var command = Command(EventLogSql.ReserveSequenceNumbers);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = count });
        return (long)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    public async Task<long> AlignSequenceCounterWithLogAsync(CancellationToken cancellationToken)
    {
        if (transaction is null)
        {
            throw new InvalidOperationException("The sequence counter can only be aligned with the log in a transaction.");
        }

        // Two statements on purpose: at read committed the second one's snapshot is taken after the lock is held, so it
        // sees the events of every transaction that held the counter before.
        await using (var hold = Command(EventLogSql.HoldSequenceCounter))
        {
            await hold.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        }

        await using var align = Command(EventLogSql.AlignSequenceCounterWithLog);
        return (long)(await align.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    public async Task InsertEventAsync(StoredEvent storedEvent, CancellationToken cancellationToken)
    {
        await using var command = Command(EventLogSql.InsertEvent);
        command.Parameters.Add(new NpgsqlParameter<long> { TypedValue = storedEvent.SequenceNumber });
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = storedEvent.EventSource });
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = storedEvent.EventType });
        command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = NpgsqlDbType.Text, Value = (object?)storedEvent.AggregateType ?? DBNull.Value });
        command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = NpgsqlDbType.Bigint, Value = (object?)storedEvent.AggregateVersion ?? DBNull.Value });
        command.Parameters.Add(new NpgsqlParameter<Guid> { TypedValue = storedEvent.CommitId });
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = JsonSerializer.Serialize(storedEvent.Tags) });
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = storedEvent.Payload });
        try
        {
            await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (transaction is null && LostWrites.IsLostAnswer(e))
        {
            throw Lost("an auto-commit insert", e);
        }
    }

    public async Task InsertEventsAsync(IReadOnlyList<StoredEvent> storedEvents, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);
        if (storedEvents.Count == 0)
        {
            return;
        }

        await using var command = storedEvents.Any(e => e.AggregateType is not null || e.AggregateVersion is not null)
            ? AggregateEventsCommand(storedEvents)
            : PlainEventsCommand(storedEvents);
        try
        {
            await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (transaction is null && LostWrites.IsLostAnswer(e))
        {
            throw Lost("an auto-commit insert", e);
        }
    }

    public async Task<IReadOnlyList<long>> InsertEventsNumberedByServerAsync(CommitRequest request, bool recordTransaction, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var events = BatchEvents.Of([request]);
        await using var command = Command(EventLogSql.ServerNumberedInsert);
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. request.Events.Select(e => e.EventSource)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Type });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = events.TagList });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Payload });
        command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = NpgsqlDbType.Text, Value = (object?)request.Aggregate?.Aggregate.AggregateType ?? DBNull.Value });
        command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = NpgsqlDbType.Bigint, Value = (object?)request.Aggregate?.ExpectedVersion ?? DBNull.Value });
        command.Parameters.Add(new NpgsqlParameter<Guid> { TypedValue = request.CommitId });
        command.Parameters.Add(new NpgsqlParameter<bool> { TypedValue = recordTransaction });
        command.Parameters.Add(TagListsParameter.Of(events.TagLists));
        var numbers = new List<long>(request.Events.Count);
        try
        {
            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                numbers.Add(reader.GetInt64(0));
            }

            await reader.CloseAsync().ConfigureAwait(false);
        }
        catch (Exception e) when (transaction is null && LostWrites.IsLostAnswer(e))
        {
            throw Lost("an auto-commit insert numbered by the server", e);
        }

        numbers.Sort();
        return numbers;
    }

    /// <remarks>The store checks the batch (<see cref="CommitBatch.EnsureWritable"/>) before it opens the connection.</remarks>
    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        var statement = BatchStatement.For(batch);
        await using var command = statement.CreateCommand(connection, transaction);
        await ExecuteBatchStatementAsync(command, statement.ReadRow, cancellationToken).ConfigureAwait(false);
        return statement.Answers;
    }

    /// <summary>See <see cref="IEventStore.WriteBatchNumberedByServerAsync"/>; the store checks the batch before it opens the connection.</summary>
    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchNumberedByServerAsync(IReadOnlyList<CommitRequest> batch, bool recordTransaction, CancellationToken cancellationToken)
    {
        var statement = BatchStatement.NumberedByServer(batch, recordTransaction);
        await using var command = statement.CreateCommand(connection, transaction);
        await ExecuteBatchStatementAsync(command, statement.ReadRow, cancellationToken).ConfigureAwait(false);
        return statement.Answers;
    }

    /// <summary>See <see cref="IEventStore.WriteBatchFromAsync"/>; the store checks the batch before it opens the connection.</summary>
    public async Task<bool> WriteBatchFromAsync(IReadOnlyList<CommitRequest> batch, long first, long? after, CancellationToken cancellationToken)
    {
        var statement = BatchStatement.NumberedFrom(batch, first, after);
        await using var command = statement.CreateCommand(connection, transaction);
        try
        {
            await ExecuteBatchStatementAsync(command, statement.ReadRow, cancellationToken).ConfigureAwait(false);
            return true;
        }
        catch (PostgresException e) when (e.SqlState is BatchStatementSql.CounterElsewhere or PostgresErrorCodes.LockNotAvailable
            || (e.SqlState == PostgresErrorCodes.UniqueViolation && e.ConstraintName == EventLogSql.EventsPrimaryKey))
        {
            return false;
        }
    }

    private async Task ExecuteBatchStatementAsync(NpgsqlCommand command, Action<NpgsqlDataReader> readRow, CancellationToken cancellationToken)
    {
        try
        {
            // Planning these statements costs about as much as running them; prepared, each pooled connection plans them once.
            await command.PrepareAsync(cancellationToken).ConfigureAwait(false);
            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                readRow(reader);
            }

            // Outside a transaction the statement commits at the end of the exchange: the rows arrive before the durable
            // flush, so only a reader closed without error (ReadyForQuery received) means the batch is in the log.
            await reader.CloseAsync().ConfigureAwait(false);
        }
        catch (Exception failure) when (transaction is null && LostWrites.IsLostAnswer(failure))
        {
            throw Lost("an auto-commit batch", failure);
        }
    }

    public async Task<bool> AnyEventMatchesAsync(AppendCondition condition, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(condition);
        var items = condition.FailIfEventsMatch.Items;
        var check = new NpgsqlBatchCommand(EventLogSql.AnyEventMatches(items.Count));
        check.Parameters.Add(new NpgsqlParameter<long> { TypedValue = condition.After ?? -1 });
        foreach (var item in items)
        {
            check.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. item.Types] });
            check.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. item.Tags] });
        }

        // The lab's tables are never analysed (autovacuum is off on them), so the planner takes "after P" for a third of
        // the log and scans it all, expecting a match early: a condition that holds then reads the whole log, and
        // conditional commits slowed as their log grew. The primary key is the path, in the same round trip; the setting
        // ends with the transaction.
        await using var batch = new NpgsqlBatch(connection, transaction) { BatchCommands = { new NpgsqlBatchCommand(EventLogSql.IndexOnlyChecks), check } };
        return (bool)(await batch.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    public async Task<AggregateVersionCheck> TryAdvanceAggregateVersionAsync(
        AggregateKey aggregate, long expectedVersion, long nextVersion, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(aggregate);

        // ON CONFLICT DO NOTHING and a filtered UPDATE report a mismatch as "no row changed" instead of an error, so a
        // failed check leaves the transaction usable for the other commits of a batch.
        await using (var advance = Command(expectedVersion == 0 ? EventLogSql.CreateAggregate : EventLogSql.AdvanceAggregate))
        {
            AddAggregateParameters(advance, aggregate);
            advance.Parameters.Add(new NpgsqlParameter<long> { TypedValue = expectedVersion });
            advance.Parameters.Add(new NpgsqlParameter<long> { TypedValue = nextVersion });
            if (await advance.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) == 1)
            {
                return AggregateVersionCheck.Success;
            }
        }

        return AggregateVersionCheck.Mismatch(await ReadAggregateVersionAsync(aggregate, cancellationToken).ConfigureAwait(false));
    }

    public async Task<long> ReadAggregateVersionAsync(AggregateKey aggregate, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(aggregate);
        await using var read = Command(EventLogSql.ReadAggregateVersion);
        AddAggregateParameters(read, aggregate);
        return await read.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is long version ? version : 0;
    }

    public async Task CommitAsync(CancellationToken cancellationToken)
    {
        if (transaction is null)
        {
            return;
        }

        try
        {
            await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (LostWrites.IsLostAnswer(e))
        {
            throw Lost("COMMIT", e);
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (transaction is not null)
        {
            await transaction.DisposeAsync().ConfigureAwait(false);
        }

        await connection.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary><see cref="EventLogSql.InsertEvents"/>: each run of events of one commit sends its commit id once, and each distinct tag list is sent once.</summary>
    private NpgsqlCommand PlainEventsCommand(IReadOnlyList<StoredEvent> storedEvents)
    {
        var count = storedEvents.Count;
        var (numbers, sources, commits, types, tagLists, payloads) = (new long[count], new string[count], new int[count], new string[count], new int[count], new string[count]);
        var commitIds = new List<Guid>();
        var lists = new DistinctTagLists();
        for (var i = 0; i < count; i++)
        {
            var e = storedEvents[i];
            if (commitIds.Count == 0 || commitIds[^1] != e.CommitId)
            {
                commitIds.Add(e.CommitId);
            }

            (numbers[i], sources[i], commits[i], types[i], tagLists[i], payloads[i]) =
                (e.SequenceNumber, e.EventSource, commitIds.Count, e.EventType, lists.IndexOf(e.Tags), e.Payload);
        }

        var command = Command(EventLogSql.InsertEvents);
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = [.. commitIds] });
        command.Parameters.Add(TagListsParameter.Of(lists.Json));
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = numbers });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = sources });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = commits });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = types });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = tagLists });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = payloads });
        return command;
    }

    private NpgsqlCommand AggregateEventsCommand(IReadOnlyList<StoredEvent> storedEvents)
    {
        var command = Command(EventLogSql.InsertAggregateEvents);
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = [.. storedEvents.Select(e => e.SequenceNumber)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. storedEvents.Select(e => e.EventSource)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. storedEvents.Select(e => e.EventType)] });
        command.Parameters.Add(new NpgsqlParameter<string?[]> { TypedValue = [.. storedEvents.Select(e => e.AggregateType)] });
        command.Parameters.Add(new NpgsqlParameter<long?[]> { TypedValue = [.. storedEvents.Select(e => e.AggregateVersion)] });
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = [.. storedEvents.Select(e => e.CommitId)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. storedEvents.Select(e => JsonSerializer.Serialize(e.Tags))] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. storedEvents.Select(e => e.Payload)] });
        return command;
    }

    private static void AddAggregateParameters(NpgsqlCommand command, AggregateKey aggregate)
    {
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = aggregate.EventSource });
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = aggregate.AggregateType });
    }

    private NpgsqlCommand Command(string sql) => new(sql, connection, transaction);

    private WriteOutcomeUnknownException Lost(string operation, Exception cause)
    {
        lostWrites.Add(_serverProcess);
        return new WriteOutcomeUnknownException(operation, cause);
    }
}
