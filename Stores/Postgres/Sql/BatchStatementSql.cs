namespace EventCommitLab.Stores.Postgres.Sql;

/// <summary>
/// The batch write's statements (<c>IEventStore.WriteBatchAsync</c>): each writes a whole batch of commits in one
/// statement, so one round trip and, outside a transaction, one durable flush. The tables they write are
/// <see cref="EventLogSql"/>'s, and the conditional batch's function defined here is created with them
/// (<see cref="EventLogSql.Create"/>).
/// </summary>
internal static class BatchStatementSql
{
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
    public const string CheckedBatchStatement = $"""
        /* commit_batch */
        WITH {BatchRequests},
        {AggregateChecks},
        {CheckedBatchEnd}
        """;

    /// <summary>
    /// <see cref="CheckedBatchStatement"/> for a batch of several aggregate commits: their rows taken in one order, so
    /// that two writers' batches on shared aggregates never deadlock, and an aggregate's chain (commits that each expect
    /// the version the one before produces) checked and advanced as one (<see cref="OrderedAggregateChecks"/>).
    /// </summary>
    public const string OrderedCheckedBatchStatement = $"""
        /* commit_batch */
        WITH {BatchRequests},
        {OrderedAggregateChecks},
        {CheckedBatchEnd}
        """;

    /// <summary>
    /// <see cref="OrderedCheckedBatchStatement"/> numbered by the database's sequence instead of the counter
    /// (<c>IEventStore.WriteBatchNumberedByServerAsync</c>), for plain and aggregate commits alike: no row is shared
    /// between batches but the aggregates they both commit to, so batches commit side by side. The numbers are taken
    /// once the checks are done (their count is the passing commits' events), sorted, and handed out in batch order; a
    /// batch beside another may take numbers between that one's. Per commit its numbers as an array, or the version read
    /// when left out. $12: whether each event stores its transaction's id, for readers below the transaction horizon.
    /// </summary>
    public const string ServerNumberedBatchStatement = $"""
        /* commit_batch: server sequence */
        WITH {BatchRequests},
        {OrderedAggregateChecks},
        passed AS (SELECT req.* FROM req WHERE {PassesAggregateCheck}),
        numbers AS (
            SELECT array_agg(n ORDER BY n) AS n
            FROM (SELECT nextval('event_numbers') AS n FROM generate_series(1, (SELECT coalesce(sum(size), 0) FROM passed)::int)) AS taken),
        offsets AS (
            SELECT p.i, p.typ, p.expected, p.cid, p.size, (sum(p.size) OVER (ORDER BY p.i) - p.size)::int AS start FROM passed p),
        inserted AS (
            INSERT INTO events ({EventLogSql.EventColumns}, transaction_id)
            SELECT numbers.n[o.start + e.pos + 1], e.src, e.typ, o.typ, o.expected + 1 + e.pos, o.cid, e.tags::jsonb, e.payload::jsonb,
                CASE WHEN $12 THEN pg_current_xact_id() END
            FROM unnest($6::int[], $7::int[], $8::text[], $9::text[], $10::text[], $11::text[]) AS e(ci, pos, typ, tags, payload, src)
            JOIN offsets o ON o.i = e.ci CROSS JOIN numbers)
        SELECT req.i::int, numbers.n[o.start + 1:o.start + o.size], {VersionLeftOut}
        FROM req
        LEFT JOIN offsets o ON o.i = req.i
        CROSS JOIN numbers
        ORDER BY req.i
        """;

    // What both checked statements do once their aggregates are checked: reserve, insert, and answer every commit.
    private const string CheckedBatchEnd = $"""
        passed AS (SELECT req.* FROM req WHERE {PassesAggregateCheck}),
        {ReserveAndInsert}
        SELECT req.i::int, o.start, {VersionLeftOut}
        FROM req
        LEFT JOIN offsets o ON o.i = req.i
        ORDER BY req.i
        """;

    // The parts of the checked statement, shared with the conditional batch's function. $1..$5: the commits (event
    // source, aggregate type, expected version, size, commit id); $6..$11: the events (commit, position in it, type,
    // tags, payload, event source: a plain commit's events may each name their own).
    public const string BatchRequests =
        "req AS (SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::uuid[]) WITH ORDINALITY AS r(src, typ, expected, size, cid, i))";

    // The checks of a batch of at most one aggregate commit (no chain, no order to keep). An advanced aggregate answers
    // the versions its passing commits expected (PassesAggregateCheck); a created one passes all of its commits.
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
            RETURNING a.event_source, a.aggregate_type, ARRAY[req.expected] AS expected, req.expected AS since)
        """;

    // Two writers' batches that share aggregates must take their rows in one order, or each can hold a row the other
    // waits for: a deadlock PostgreSQL breaks only after deadlock_timeout (a second), failing one batch. An UPDATE ...
    // FROM locks its rows in whatever order its join produces them, so the rows are locked first, one lookup per
    // aggregate in sorted order (a join here was planned as a scan of the whole aggregates table, as VersionLeftOut's
    // remarks say of joins in these prepared statements), and the update touches only rows already locked; new
    // aggregates are inserted in the same order. A batch of one aggregate commit cannot take rows out of order and keeps
    // the plain checks: the lock step costs a statement of one commit a measurable share of its time.
    // An aggregate's commits in one batch form a chain (CommitBatch's rule: each expects the version the one before
    // produces), and a set-based update changes a row once however many of the batch's rows match it, so the chain is
    // checked as one: the aggregate is advanced past the chain's last commit when the version it holds (read as it is
    // locked) is one the chain's commits expect, and its commits pass from that one on. That is what writing them one
    // after another would do: the commits before it fail their checks, each after it expects what the one before left.
    public const string OrderedAggregateChecks = """
        chains AS (
            SELECT src, typ, min(expected) AS first, max(expected) AS last, sum(size) AS size, array_agg(expected) AS expected
            FROM req WHERE typ IS NOT NULL GROUP BY src, typ),
        created AS (
            INSERT INTO aggregates (event_source, aggregate_type, version)
            SELECT src, typ, size FROM chains WHERE first = 0
            ORDER BY src, typ
            ON CONFLICT DO NOTHING
            RETURNING event_source, aggregate_type),
        locked AS (
            SELECT l.event_source, l.aggregate_type, l.version
            FROM (SELECT src, typ FROM chains WHERE last > 0 ORDER BY src, typ) AS r,
            LATERAL (SELECT a.event_source, a.aggregate_type, a.version FROM aggregates a WHERE a.event_source = r.src AND a.aggregate_type = r.typ FOR UPDATE) AS l),
        advanced AS (
            UPDATE aggregates a SET version = c.first + c.size FROM chains c JOIN locked l ON l.event_source = c.src AND l.aggregate_type = c.typ
            WHERE l.version > 0 AND l.version = ANY (c.expected)
              AND a.event_source = c.src AND a.aggregate_type = c.typ AND a.version = l.version
            RETURNING a.event_source, a.aggregate_type, c.expected, l.version AS since)
        """;

    // A commit passes when it has no aggregate, its aggregate was created, or its aggregate was advanced from a version
    // at or before the one it expects. Each test is an uncorrelated IN, which PostgreSQL answers from a hash built once
    // per statement; a test of each commit against its aggregate's row would scan the checks once per commit.
    public const string PassesAggregateCheck =
        "req.typ IS NULL OR (req.src, req.typ) IN (SELECT * FROM created) OR (req.src, req.typ, req.expected) IN (SELECT k.event_source, k.aggregate_type, e FROM advanced k, unnest(k.expected) AS e WHERE e >= k.since)";

    public const string ReserveAndInsert = $"""
        reserved AS (
            UPDATE sequence_counter SET next_sequence_number = next_sequence_number + (SELECT sum(size) FROM passed)
            WHERE id = 1 AND EXISTS (SELECT 1 FROM passed)
            RETURNING next_sequence_number - (SELECT sum(size) FROM passed) AS first),
        offsets AS (
            SELECT p.i, p.src, p.typ, p.expected, p.cid, reserved.first + sum(p.size) OVER (ORDER BY p.i) - p.size AS start
            FROM passed p CROSS JOIN reserved),
        inserted AS (
            INSERT INTO events ({EventLogSql.EventColumns})
            SELECT o.start + e.pos, e.src, e.typ, o.typ, o.expected + 1 + e.pos, o.cid, e.tags::jsonb, e.payload::jsonb
            FROM unnest($6::int[], $7::int[], $8::text[], $9::text[], $10::text[], $11::text[]) AS e(ci, pos, typ, tags, payload, src)
            JOIN offsets o ON o.i = e.ci)
        """;

    public const string VersionLeftOut =
        "CASE WHEN o.i IS NULL THEN NULLIF(coalesce((SELECT a.version FROM aggregates a WHERE a.event_source = req.src AND a.aggregate_type = req.typ), 0), req.expected) END";

    /// <summary>
    /// A batch holding conditional commits: the checked statement with each condition checked against the log, the
    /// commits whose condition the log breaks left out. It runs in a function so that it can take the counter row first,
    /// in a statement of its own: at read committed each statement of a volatile function starts from a new snapshot, so
    /// the check that follows sees every batch and commit that held the counter before it, and none after it can commit
    /// before it. In one statement the check would see only what was committed when the statement began, before it
    /// waited for the counter. Still one statement for the client: one round trip and one durable flush.
    /// $12, $13: the condition items (commit, after); $14, $15 their types (item, type); $16, $17 their tags (item, tag).
    /// The main log has no index on tags: each item reads the events after its position by the primary key.
    /// No sequential scan inside it: the lab's tables are never analysed, and a condition must be checked by the primary
    /// key whatever the planner believes of the log's size (see <see cref="PostgresStoreSession.AnyEventMatchesAsync"/>).
    /// The function's query is planned once per connection (a generic plan): PL/pgSQL's plan cache otherwise kept
    /// choosing a custom plan and planned the whole statement on every call, which pg_stat_statements showed costing
    /// several times the query itself.
    /// </summary>
    public const string CreateConditionalBatchFunction = $"""
        CREATE FUNCTION commit_conditional_batch(
            text[], text[], bigint[], int[], uuid[], int[], int[], text[], text[], text[], text[], int[], bigint[], int[], text[], int[], text[])
        RETURNS TABLE (commit_index int, first_number bigint, version_left_out bigint, condition_failed boolean)
        LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $fn$
        BEGIN
            PERFORM 1 FROM sequence_counter WHERE id = 1 FOR UPDATE;
            RETURN QUERY
            WITH {BatchRequests},
            items AS (SELECT * FROM unnest($12::int[], $13::bigint[]) WITH ORDINALITY AS c(ci, after, item)),
            item_types AS (SELECT u.item, array_agg(u.t) AS types FROM unnest($14::int[], $15::text[]) AS u(item, t) GROUP BY u.item),
            item_tags AS (SELECT u.item, array_agg(u.t) AS tags FROM unnest($16::int[], $17::text[]) AS u(item, t) GROUP BY u.item),
            broken AS (
                SELECT DISTINCT it.ci FROM items it
                LEFT JOIN item_types y ON y.item = it.item LEFT JOIN item_tags g ON g.item = it.item
                WHERE EXISTS (
                    SELECT 1 FROM events e
                    WHERE e.sequence_number > it.after AND (y.types IS NULL OR e.event_type = ANY (y.types))
                      AND e.tags ?& coalesce(g.tags, ARRAY[]::text[]))),
            {OrderedAggregateChecks},
            passed AS (SELECT req.* FROM req WHERE ({PassesAggregateCheck}) AND req.i NOT IN (SELECT ci FROM broken)),
            {ReserveAndInsert}
            SELECT req.i::int, o.start, {VersionLeftOut}, req.i IN (SELECT ci FROM broken)
            FROM req
            LEFT JOIN offsets o ON o.i = req.i
            ORDER BY req.i;
        END $fn$;
        """;

    public const string ConditionalBatchStatement =
        "/* commit_batch: conditional */ SELECT * FROM commit_conditional_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)";

    /// <summary>
    /// The SQLSTATE the numbered batch's function raises when the counter does not stand at the batch's first number: a
    /// class of its own, so that no error of PostgreSQL's is read as that answer.
    /// </summary>
    public const string CounterElsewhere = "LB001";

    /// <summary>
    /// A batch of plain commits numbered by its writer from $6 (<c>IEventStore.WriteBatchFromAsync</c>): the insert
    /// first, with no lock on the counter, then the counter moved past the batch, and if it did not stand at $6,
    /// <see cref="CounterElsewhere"/> raised and the whole statement undone. The update moves the counter from wherever it
    /// stands and checks after: one filtered on $6 judges the row by the statement's snapshot, so it passes over a counter
    /// the batch ahead still holds at its old value and never waits for it. The counter's row lock is taken last: a
    /// batch numbered after one still in flight inserts beside it, then waits for it to commit at the counter, and
    /// commits after it. A function, so that the insert runs before the update (the parts of one statement's WITH run in
    /// no order a query can rely on); still one statement for the client: one round trip and one durable flush.
    /// The counter is taken without waiting: held there, it is another writer's (this writer's batch ahead has ended by
    /// then), perhaps one the store numbers that waits on a number this batch inserted, a deadlock PostgreSQL breaks only
    /// after deadlock_timeout (a second); so the batch is refused at once (lock_not_available) and its writer numbers it
    /// through the store.
    /// A batch whose insert ends before the one ahead has moved the counter would find it short of $6 and be refused:
    /// each batch holds a transaction-scoped advisory lock named by its first number from its start, and one numbered
    /// after another ($9, that one's first number) waits on it, once its own insert is done, until the one ahead has
    /// ended. The batch ahead, sent first on another connection, may not have started on the server yet (its connection
    /// was still preparing the statement, or opening): its lock is then free and the counter still at its first number,
    /// so the batch waits a millisecond at a time, up to <see cref="AheadStartWaits"/> times, until the lock is taken (then
    /// waits for it to end) or the counter moves; after that it is refused as before. It waits on a session lock it takes
    /// and gives back at once: holding the name to its end would keep the batch ahead from starting. The lock is named
    /// by two int keys (<see cref="NumberedBatchLockClass"/>, the number's low 31 bits), apart from the single-key locks
    /// others take; numbers 2^31 apart share a name, which costs a needless wait at worst.
    /// $1..$7: the commits' ids and the batch's distinct tag lists, then the events as <see cref="PlainBatchStatement"/>
    /// sends them, in number order; $8 the first number.
    /// </summary>
    public const string CreateNumberedBatchFunction = $"""
        CREATE FUNCTION commit_numbered_batch(uuid[], jsonb[], text[], int[], text[], int[], text[], bigint, bigint)
        RETURNS bigint
        LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $fn$
        DECLARE
            stood bigint;
        BEGIN
            PERFORM pg_advisory_xact_lock({NumberedBatchLockClass}, ($8 & 2147483647)::int);
            INSERT INTO events ({EventLogSql.EventColumns})
            SELECT $8 + e.n - 1, e.src, e.typ, NULL, NULL, $1[e.c], $2[e.g], e.payload::jsonb
            FROM unnest($3, $4, $5, $6, $7) WITH ORDINALITY AS e(src, c, typ, g, payload, n);
            IF $9 IS NOT NULL THEN
                FOR attempt IN 1..{AheadStartWaits} LOOP
                    IF NOT pg_try_advisory_lock_shared({NumberedBatchLockClass}, ($9 & 2147483647)::int) THEN
                        PERFORM pg_advisory_lock_shared({NumberedBatchLockClass}, ($9 & 2147483647)::int);
                        PERFORM pg_advisory_unlock_shared({NumberedBatchLockClass}, ($9 & 2147483647)::int);
                        EXIT;
                    END IF;
                    PERFORM pg_advisory_unlock_shared({NumberedBatchLockClass}, ($9 & 2147483647)::int);
                    EXIT WHEN (SELECT next_sequence_number FROM sequence_counter WHERE id = 1) <> $9;
                    PERFORM pg_sleep(0.001);
                END LOOP;
            END IF;
            PERFORM 1 FROM sequence_counter WHERE id = 1 FOR UPDATE NOWAIT;
            UPDATE sequence_counter SET next_sequence_number = next_sequence_number + cardinality($3) WHERE id = 1
            RETURNING next_sequence_number - cardinality($3) INTO stood;
            IF stood <> $8 THEN
                RAISE EXCEPTION USING ERRCODE = '{CounterElsewhere}', MESSAGE = 'the sequence counter does not stand at the batch''s first number';
            END IF;
            RETURN $8;
        END $fn$;
        """;

    public const string NumberedBatchStatement =
        "/* commit_batch: numbered */ SELECT commit_numbered_batch($1, $2, $3, $4, $5, $6, $7, $8, $9)";

    /// <summary>
    /// How many milliseconds, at most, a numbered batch waits for the batch ahead of it to start (see
    /// <see cref="CreateNumberedBatchFunction"/>): the writer sent it just before, so it starts within a round trip unless
    /// it failed before it was sent, or was refused and ended before this batch looked. As SQL text.
    /// </summary>
    public const string AheadStartWaits = "100";

    /// <summary>The first key of the numbered batches' advisory locks (see <see cref="CreateNumberedBatchFunction"/>), as SQL text.</summary>
    public const string NumberedBatchLockClass = "20034";

    /// <summary>
    /// A batch without aggregate commits has nothing to check: one counter reservation for all its events and the
    /// insert, numbered by the events' order in the arrays. At one commit it costs the server less than
    /// <see cref="CheckedBatchStatement"/> (pgbench without the flush). $1: the commits' ids; $2: the batch's distinct tag
    /// lists; per event ($3..$7) its source, commit and tag list (indexes into $1 and $2, from 1), type and payload, as
    /// <see cref="EventLogSql.InsertEvents"/> sends them.
    /// </summary>
    public const string PlainBatchStatement = $"""
        /* commit_batch: plain */
        WITH reserved AS (
            UPDATE sequence_counter SET next_sequence_number = next_sequence_number + cardinality($3::text[])
            WHERE id = 1
            RETURNING next_sequence_number - cardinality($3::text[]) AS first),
        inserted AS (
            INSERT INTO events ({EventLogSql.EventColumns})
            SELECT r.first + e.n - 1, e.src, e.typ, NULL, NULL, ($1::uuid[])[e.c], ($2::jsonb[])[e.g], e.payload::jsonb
            FROM reserved r CROSS JOIN unnest($3::text[], $4::int[], $5::text[], $6::int[], $7::text[]) WITH ORDINALITY AS e(src, c, typ, g, payload, n))
        SELECT first FROM reserved
        """;
}
