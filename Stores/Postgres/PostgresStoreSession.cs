using System.Text.Json;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
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
    private const string EventColumns = "sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags, payload";

    public async Task<long> CountEventsAsync(CancellationToken cancellationToken)
    {
        await using var command = Command("SELECT count(*) FROM events");
        return (long)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    public async Task<long?> ReadHighestSequenceNumberAsync(CancellationToken cancellationToken)
    {
        await using var command = Command("SELECT max(sequence_number) FROM events");
        return await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is long highest ? highest : null;
    }

    public async Task<long> ReserveSequenceNumbersAsync(int count, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, 1);
        await using var command = Command(
            "UPDATE sequence_counter SET next_sequence_number = next_sequence_number + $1 WHERE id = 1 RETURNING next_sequence_number - $1");
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
        await using (var hold = Command("SELECT next_sequence_number FROM sequence_counter WHERE id = 1 FOR UPDATE"))
        {
            await hold.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        }

        await using var align = Command(
            "UPDATE sequence_counter SET next_sequence_number = COALESCE((SELECT max(sequence_number) FROM events), -1) + 1 WHERE id = 1 RETURNING next_sequence_number");
        return (long)(await align.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    public async Task InsertEventAsync(StoredEvent storedEvent, CancellationToken cancellationToken)
    {
        await using var command = Command($"INSERT INTO events ({EventColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)");
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

        // One statement whatever the batch size: each column travels as one array parameter and unnest turns them
        // back into rows, so large batches stay under PostgreSQL's 65 535-parameter limit.
        await using var command = Command($"""
            INSERT INTO events ({EventColumns})
            SELECT s, src, typ, agg, ver, cid, tags::jsonb, payload::jsonb
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::uuid[], $7::text[], $8::text[])
                 AS rows(s, src, typ, agg, ver, cid, tags, payload)
            """);
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = [.. storedEvents.Select(e => e.SequenceNumber)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. storedEvents.Select(e => e.EventSource)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. storedEvents.Select(e => e.EventType)] });
        command.Parameters.Add(new NpgsqlParameter<string?[]> { TypedValue = [.. storedEvents.Select(e => e.AggregateType)] });
        command.Parameters.Add(new NpgsqlParameter<long?[]> { TypedValue = [.. storedEvents.Select(e => e.AggregateVersion)] });
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = [.. storedEvents.Select(e => e.CommitId)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. storedEvents.Select(e => JsonSerializer.Serialize(e.Tags))] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. storedEvents.Select(e => e.Payload)] });
        try
        {
            await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (transaction is null && LostWrites.IsLostAnswer(e))
        {
            throw Lost("an auto-commit insert", e);
        }
    }

    /// <summary>
    /// The commit's numbers are taken from the server's sequence, one <c>nextval</c> per event, and handed to its events in
    /// ascending order (so a commit's numbers follow its events' order whatever order the rows were numbered in), all in
    /// the insert statement: one round trip, as Marten's quick append makes it.
    /// </summary>
    private const string ServerNumberedInsert = $"""
        /* insert: server sequence */
        WITH numbers AS (
            SELECT array_agg(n ORDER BY n) AS n
            FROM (SELECT nextval('event_numbers') AS n FROM generate_series(1, cardinality($1::text[]))) AS taken)
        INSERT INTO events ({EventColumns}, transaction_id)
        SELECT numbers.n[e.i], e.src, e.typ, $5, $6 + e.i, $7, e.tags::jsonb, e.payload::jsonb, CASE WHEN $8 THEN pg_current_xact_id() END
        FROM numbers CROSS JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS e(src, typ, tags, payload, i)
        RETURNING sequence_number
        """;

    public async Task<IReadOnlyList<long>> InsertEventsNumberedByServerAsync(CommitRequest request, bool recordTransaction, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        var events = BatchEvents.Of([request]);
        await using var command = Command(ServerNumberedInsert);
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. request.Events.Select(e => e.EventSource)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Type });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Tags });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Payload });
        command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = NpgsqlDbType.Text, Value = (object?)request.Aggregate?.Aggregate.AggregateType ?? DBNull.Value });
        command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = NpgsqlDbType.Bigint, Value = (object?)request.Aggregate?.ExpectedVersion ?? DBNull.Value });
        command.Parameters.Add(new NpgsqlParameter<Guid> { TypedValue = request.CommitId });
        command.Parameters.Add(new NpgsqlParameter<bool> { TypedValue = recordTransaction });
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

    /// <summary>
    /// The whole batch in one statement, so one round trip and, outside a transaction, one durable flush: the aggregate
    /// checks (an insert for new aggregates, a version-filtered update for the others, each a no-op on a mismatch), one
    /// counter reservation for the commits that passed, the insert, and per commit its first number or the version
    /// read. The counter is updated last, after every check, so it is held as briefly as the insert and the flush.
    /// </summary>
    /// <remarks>
    /// The version reported for a commit left out is the statement's snapshot: when a rival committed after it began
    /// that snapshot may still show the expected version, and then no version is reported rather than a wrong one.
    /// The version is read by a subquery per commit left out, never by a join: a prepared statement keeps the plan it
    /// was given while the table was small, and a join planned then scans the whole aggregates table on every batch.
    /// The leading comment names the statement in pg_stat_statements, logs and the tests' cutting relay.
    /// </remarks>
    private const string CheckedBatchStatement = $"""
        /* commit_batch */
        WITH {BatchRequests},
        {AggregateChecks},
        passed AS (SELECT req.* FROM req WHERE {PassesAggregateCheck}),
        {ReserveAndInsert}
        SELECT req.i::int, o.start, {VersionLeftOut}
        FROM req
        LEFT JOIN offsets o ON o.i = req.i
        ORDER BY req.i
        """;

    // The parts of the checked statement, shared with the conditional batch's function. $1..$5: the commits (event
    // source, aggregate type, expected version, size, commit id); $6..$10: the events (commit, position in it, type,
    // tags, payload).
    private const string BatchRequests =
        "req AS (SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::uuid[]) WITH ORDINALITY AS r(src, typ, expected, size, cid, i))";

    private const string AggregateChecks = """
        created AS (
            INSERT INTO aggregates (event_source, aggregate_type, version)
            SELECT src, typ, size FROM req WHERE typ IS NOT NULL AND expected = 0
            ON CONFLICT DO NOTHING
            RETURNING event_source, aggregate_type),
        advanced AS (
            UPDATE aggregates a SET version = req.expected + req.size FROM req
            WHERE req.typ IS NOT NULL AND req.expected > 0
              AND a.event_source = req.src AND a.aggregate_type = req.typ AND a.version = req.expected
            RETURNING a.event_source, a.aggregate_type)
        """;

    private const string PassesAggregateCheck = "req.typ IS NULL OR (req.src, req.typ) IN (SELECT * FROM created UNION ALL SELECT * FROM advanced)";

    private const string ReserveAndInsert = $"""
        reserved AS (
            UPDATE sequence_counter SET next_sequence_number = next_sequence_number + (SELECT sum(size) FROM passed)
            WHERE id = 1 AND EXISTS (SELECT 1 FROM passed)
            RETURNING next_sequence_number - (SELECT sum(size) FROM passed) AS first),
        offsets AS (
            SELECT p.i, p.src, p.typ, p.expected, p.cid, reserved.first + sum(p.size) OVER (ORDER BY p.i) - p.size AS start
            FROM passed p CROSS JOIN reserved),
        inserted AS (
            INSERT INTO events ({EventColumns})
            SELECT o.start + e.pos, o.src, e.typ, o.typ, o.expected + 1 + e.pos, o.cid, e.tags::jsonb, e.payload::jsonb
            FROM unnest($6::int[], $7::int[], $8::text[], $9::text[], $10::text[]) AS e(ci, pos, typ, tags, payload)
            JOIN offsets o ON o.i = e.ci)
        """;

    private const string VersionLeftOut =
        "CASE WHEN o.i IS NULL THEN NULLIF(coalesce((SELECT a.version FROM aggregates a WHERE a.event_source = req.src AND a.aggregate_type = req.typ), 0), req.expected) END";

    /// <summary>
    /// A batch holding conditional commits: the checked statement with each condition checked against the log, the
    /// commits whose condition the log breaks left out. It runs in a function so that it can take the counter row first,
    /// in a statement of its own: at read committed each statement of a volatile function starts from a new snapshot, so
    /// the check that follows sees every batch and commit that held the counter before it, and none after it can commit
    /// before it. In one statement the check would see only what was committed when the statement began, before it
    /// waited for the counter. Still one statement for the client: one round trip and one durable flush.
    /// $11, $12: the condition items (commit, after); $13, $14 their types (item, type); $15, $16 their tags (item, tag).
    /// The main log has no index on tags: each item reads the events after its position by the primary key.
    /// No sequential scan inside it: the lab's tables are never analysed, and a condition must be checked by the primary
    /// key whatever the planner believes of the log's size (see <see cref="AnyEventMatchesAsync"/>).
    /// The function's query is planned once per connection (a generic plan): PL/pgSQL's plan cache otherwise kept
    /// choosing a custom plan and planned the whole statement on every call, 1.22 ms a batch against 0.33 ms
    /// (pg_stat_statements, one committer; the query itself runs in 0.15 ms).
    /// </summary>
    internal const string CreateConditionalBatchFunction = $"""
        CREATE FUNCTION commit_conditional_batch(
            text[], text[], bigint[], int[], uuid[], int[], int[], text[], text[], text[], int[], bigint[], int[], text[], int[], text[])
        RETURNS TABLE (commit_index int, first_number bigint, version_left_out bigint, condition_failed boolean)
        LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $fn$
        BEGIN
            PERFORM 1 FROM sequence_counter WHERE id = 1 FOR UPDATE;
            RETURN QUERY
            WITH {BatchRequests},
            items AS (SELECT * FROM unnest($11::int[], $12::bigint[]) WITH ORDINALITY AS c(ci, after, item)),
            item_types AS (SELECT u.item, array_agg(u.t) AS types FROM unnest($13::int[], $14::text[]) AS u(item, t) GROUP BY u.item),
            item_tags AS (SELECT u.item, array_agg(u.t) AS tags FROM unnest($15::int[], $16::text[]) AS u(item, t) GROUP BY u.item),
            broken AS (
                SELECT DISTINCT it.ci FROM items it
                LEFT JOIN item_types y ON y.item = it.item LEFT JOIN item_tags g ON g.item = it.item
                WHERE EXISTS (
                    SELECT 1 FROM events e
                    WHERE e.sequence_number > it.after AND (y.types IS NULL OR e.event_type = ANY (y.types))
                      AND e.tags ?& coalesce(g.tags, ARRAY[]::text[]))),
            {AggregateChecks},
            passed AS (SELECT req.* FROM req WHERE ({PassesAggregateCheck}) AND req.i NOT IN (SELECT ci FROM broken)),
            {ReserveAndInsert}
            SELECT req.i::int, o.start, {VersionLeftOut}, req.i IN (SELECT ci FROM broken)
            FROM req
            LEFT JOIN offsets o ON o.i = req.i
            ORDER BY req.i;
        END $fn$;
        """;

    private const string ConditionalBatchStatement =
        "/* commit_batch: conditional */ SELECT * FROM commit_conditional_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";

    /// <summary>
    /// A batch without aggregate commits has nothing to check: one counter reservation for all its events and the
    /// insert, numbered by the events' order in the arrays. At one commit it costs the server about two thirds of
    /// <see cref="CheckedBatchStatement"/> (pgbench without the flush: 0.08 against 0.12 ms).
    /// </summary>
    private const string PlainBatchStatement = $"""
        /* commit_batch: plain */
        WITH reserved AS (
            UPDATE sequence_counter SET next_sequence_number = next_sequence_number + cardinality($1::text[])
            WHERE id = 1
            RETURNING next_sequence_number - cardinality($1::text[]) AS first),
        inserted AS (
            INSERT INTO events ({EventColumns})
            SELECT r.first + e.n - 1, e.src, e.typ, NULL, NULL, e.cid, e.tags::jsonb, e.payload::jsonb
            FROM reserved r CROSS JOIN unnest($1::text[], $2::text[], $3::uuid[], $4::text[], $5::text[]) WITH ORDINALITY AS e(src, typ, cid, tags, payload, n))
        SELECT first FROM reserved
        """;

    /// <remarks>The store checks the batch (<see cref="CommitBatch.EnsureWritable"/>) before it opens the connection.</remarks>
    public Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken) =>
        batch.Any(r => r.Condition is not null) ? WriteCheckedBatchAsync(batch, conditional: true, cancellationToken)
        : batch.Any(r => r.Aggregate is not null) ? WriteCheckedBatchAsync(batch, conditional: false, cancellationToken)
        : WritePlainBatchAsync(batch, cancellationToken);

    private async Task<IReadOnlyList<BatchCommitAnswer>> WritePlainBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        var events = BatchEvents.Of(batch);
        var (source, commit) = (new string[events.Count], new Guid[events.Count]);
        for (var e = 0; e < events.Count; e++)
        {
            var request = batch[events.Commit[e] - 1];
            (source[e], commit[e]) = (request.Events[events.Position[e]].EventSource, request.CommitId);
        }

        await using var command = Command(PlainBatchStatement);
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = source });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Type });
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = commit });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Tags });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Payload });
        var first = 0L;
        await ExecuteBatchStatementAsync(command, reader => first = reader.GetInt64(0), cancellationToken).ConfigureAwait(false);

        var answers = new BatchCommitAnswer[batch.Count];
        for (var c = 0; c < batch.Count; c++)
        {
            answers[c] = BatchCommitAnswer.WrittenFrom(first);
            first += batch[c].Events.Count;
        }

        return answers;
    }

    private async Task<IReadOnlyList<BatchCommitAnswer>> WriteCheckedBatchAsync(IReadOnlyList<CommitRequest> batch, bool conditional, CancellationToken cancellationToken)
    {
        var events = BatchEvents.Of(batch);
        await using var command = Command(conditional ? ConditionalBatchStatement : CheckedBatchStatement);
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. batch.Select(r => r.Events[0].EventSource)] });
        command.Parameters.Add(new NpgsqlParameter<string?[]> { TypedValue = [.. batch.Select(r => r.Aggregate?.Aggregate.AggregateType)] });
        command.Parameters.Add(new NpgsqlParameter<long?[]> { TypedValue = [.. batch.Select(r => r.Aggregate?.ExpectedVersion)] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. batch.Select(r => r.Events.Count)] });
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = [.. batch.Select(r => r.CommitId)] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = events.Commit });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = events.Position });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Type });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Tags });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = events.Payload });
        if (conditional)
        {
            AddConditions(command, batch);
        }

        var answers = new BatchCommitAnswer[batch.Count];
        await ExecuteBatchStatementAsync(
            command,
            reader => answers[reader.GetInt32(0) - 1] =
                !reader.IsDBNull(1) ? BatchCommitAnswer.WrittenFrom(reader.GetInt64(1))
                : conditional && reader.GetBoolean(3) ? BatchCommitAnswer.RefusedByCondition()
                : BatchCommitAnswer.LeftOut(reader.IsDBNull(2) ? null : reader.GetInt64(2)),
            cancellationToken).ConfigureAwait(false);
        return answers;
    }

    /// <summary>The conditions of a batch's conditional commits as the function's $11..$16: one row per query item, its types and its tags.</summary>
    private static void AddConditions(NpgsqlCommand command, IReadOnlyList<CommitRequest> batch)
    {
        var (itemCommits, itemAfters) = (new List<int>(), new List<long>());
        var (typeItems, typeValues) = (new List<int>(), new List<string>());
        var (tagItems, tagValues) = (new List<int>(), new List<string>());
        for (var c = 0; c < batch.Count; c++)
        {
            foreach (var item in batch[c].Condition?.FailIfEventsMatch.Items ?? [])
            {
                itemCommits.Add(c + 1);
                itemAfters.Add(batch[c].Condition!.After ?? -1);
                typeItems.AddRange(item.Types.Select(_ => itemCommits.Count));
                typeValues.AddRange(item.Types);
                tagItems.AddRange(item.Tags.Select(_ => itemCommits.Count));
                tagValues.AddRange(item.Tags);
            }
        }

        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. itemCommits] });
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = [.. itemAfters] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. typeItems] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. typeValues] });
        command.Parameters.Add(new NpgsqlParameter<int[]> { TypedValue = [.. tagItems] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. tagValues] });
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
        // One disjunct per query item: its types (any when empty) and every one of its tags among the event's (jsonb ?&).
        // The main log has no index on tags (no other strategy pays for one), so the check reads the events after the
        // position by the primary key, or the whole log without one.
        var matches = string.Join(" OR ", items.Select((_, i) => $"((cardinality(${(2 * i) + 2}::text[]) = 0 OR event_type = ANY(${(2 * i) + 2})) AND tags ?& ${(2 * i) + 3}::text[])"));
        var check = new NpgsqlBatchCommand($"SELECT EXISTS (SELECT 1 FROM events WHERE sequence_number > $1 AND ({matches}))");
        check.Parameters.Add(new NpgsqlParameter<long> { TypedValue = condition.After ?? -1 });
        foreach (var item in items)
        {
            check.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. item.Types] });
            check.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. item.Tags] });
        }

        // The lab's tables are never analysed (autovacuum is off on them), so the planner takes "after P" for a third of
        // the log and scans it all, expecting a match early: a condition that holds then reads the whole log (measured:
        // TransactionalCounter's conditional commits fell from 20 800 to 2 000 events/s as its log grew). The primary
        // key is the path, in the same round trip; the setting ends with the transaction.
        await using var batch = new NpgsqlBatch(connection, transaction) { BatchCommands = { new NpgsqlBatchCommand(PostgresSchema.IndexOnlyChecks), check } };
        return (bool)(await batch.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    public async Task<AggregateVersionCheck> TryAdvanceAggregateVersionAsync(
        AggregateKey aggregate, long expectedVersion, long nextVersion, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(aggregate);

        // ON CONFLICT DO NOTHING and a filtered UPDATE report a mismatch as "no row changed" instead of an error, so a
        // failed check leaves the transaction usable for the other commits of a batch.
        await using (var advance = Command(expectedVersion == 0
            ? "INSERT INTO aggregates (event_source, aggregate_type, version) VALUES ($1, $2, $4) ON CONFLICT DO NOTHING"
            : "UPDATE aggregates SET version = $4 WHERE event_source = $1 AND aggregate_type = $2 AND version = $3"))
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
        await using var read = Command("SELECT version FROM aggregates WHERE event_source = $1 AND aggregate_type = $2");
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
