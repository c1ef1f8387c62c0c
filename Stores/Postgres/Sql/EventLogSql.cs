using System.Globalization;

namespace EventCommitLab.Stores.Postgres.Sql;

/// <summary>
/// The event log's SQL, every statement named: its tables, the statements the store port's operations send, and the
/// store's own reads. The sequence number is the events' primary key, as the _id is in MongoDB. Autovacuum is off on
/// the tables: every log is fresh and lives a minute at most, and a vacuum started by the inserts would land on
/// whichever contender happened to be running (each case's database is dropped afterwards, so nothing needs vacuuming).
/// The transaction id is stored only by the strategies that number from the server sequence for horizon readers; its
/// index is partial, so the other strategies' inserts do not maintain it.
/// </summary>
internal static class EventLogSql
{
    public const string EventsPrimaryKey = "events_pkey";

    public const string AggregatesPrimaryKey = "aggregates_pkey";

    /// <summary>
    /// Sent before a condition's check, in its transaction: the lab's tables are never analysed, so the planner's guesses
    /// could read a whole log by a sequential scan where an index finds the few rows a check needs.
    /// </summary>
    public const string IndexOnlyChecks = "SET LOCAL enable_seqscan = off";

    public const string Create = $"""
        CREATE TABLE events (
            sequence_number   bigint NOT NULL,
            event_source      text   NOT NULL,
            event_type        text   NOT NULL,
            aggregate_type    text   NULL,
            aggregate_version bigint NULL,
            commit_id         uuid   NOT NULL,
            tags              jsonb  NOT NULL,
            payload           jsonb  NOT NULL,
            transaction_id    xid8   NULL,
            CONSTRAINT {EventsPrimaryKey} PRIMARY KEY (sequence_number))
            WITH (autovacuum_enabled = off);
        CREATE INDEX events_by_transaction ON events (transaction_id, sequence_number) WHERE transaction_id IS NOT NULL;
        CREATE SEQUENCE event_numbers MINVALUE 0 START 0;
        CREATE TABLE aggregates (
            event_source   text   NOT NULL,
            aggregate_type text   NOT NULL,
            version        bigint NOT NULL,
            CONSTRAINT {AggregatesPrimaryKey} PRIMARY KEY (event_source, aggregate_type))
            WITH (autovacuum_enabled = off);
        CREATE TABLE sequence_counter (
            id                   int    NOT NULL PRIMARY KEY CHECK (id = 1),
            next_sequence_number bigint NOT NULL);
        INSERT INTO sequence_counter (id, next_sequence_number) VALUES (1, 0);
        {CreateConditionalBatchFunction}
        """;

    /// <summary>
    /// Brings a used log's database back to what <see cref="Create"/> makes of a new one: its schema dropped with
    /// everything in it (the tables, the function, and whatever a suite or a test added: an index, a trigger) and made
    /// again, in one transaction that waits for a lock a bounded time (a database that cannot be emptied is dropped
    /// instead).
    /// </summary>
    public const string Empty = $"""
        BEGIN;
        SET LOCAL lock_timeout = '10s';
        DROP SCHEMA public CASCADE;
        CREATE SCHEMA public;
        {Create}
        COMMIT;
        """;

    public const string EventColumns = "sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags, payload";

    /// <summary>
    /// The commit's numbers are taken from the server's sequence, one <c>nextval</c> per event, and handed to its events in
    /// ascending order (so a commit's numbers follow its events' order whatever order the rows were numbered in), all in
    /// the insert statement: one round trip, as Marten's quick append makes it.
    /// </summary>
    public const string ServerNumberedInsert = $"""
        /* insert: server sequence */
        WITH numbers AS (
            SELECT array_agg(n ORDER BY n) AS n
            FROM (SELECT nextval('event_numbers') AS n FROM generate_series(1, cardinality($1::text[]))) AS taken)
        INSERT INTO events ({EventColumns}, transaction_id)
        SELECT numbers.n[e.i], e.src, e.typ, $5, $6 + e.i, $7, e.tags::jsonb, e.payload::jsonb, CASE WHEN $8 THEN pg_current_xact_id() END
        FROM numbers CROSS JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS e(src, typ, tags, payload, i)
        RETURNING sequence_number
        """;

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
    // source, aggregate type, expected version, size, commit id); $6..$10: the events (commit, position in it, type,
    // tags, payload).
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
            INSERT INTO events ({EventColumns})
            SELECT o.start + e.pos, o.src, e.typ, o.typ, o.expected + 1 + e.pos, o.cid, e.tags::jsonb, e.payload::jsonb
            FROM unnest($6::int[], $7::int[], $8::text[], $9::text[], $10::text[]) AS e(ci, pos, typ, tags, payload)
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
    /// $11, $12: the condition items (commit, after); $13, $14 their types (item, type); $15, $16 their tags (item, tag).
    /// The main log has no index on tags: each item reads the events after its position by the primary key.
    /// No sequential scan inside it: the lab's tables are never analysed, and a condition must be checked by the primary
    /// key whatever the planner believes of the log's size (see <see cref="PostgresStoreSession.AnyEventMatchesAsync"/>).
    /// The function's query is planned once per connection (a generic plan): PL/pgSQL's plan cache otherwise kept
    /// choosing a custom plan and planned the whole statement on every call, which pg_stat_statements showed costing
    /// several times the query itself.
    /// </summary>
    public const string CreateConditionalBatchFunction = $"""
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
        "/* commit_batch: conditional */ SELECT * FROM commit_conditional_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";

    /// <summary>
    /// A batch without aggregate commits has nothing to check: one counter reservation for all its events and the
    /// insert, numbered by the events' order in the arrays. At one commit it costs the server less than
    /// <see cref="CheckedBatchStatement"/> (pgbench without the flush).
    /// </summary>
    public const string PlainBatchStatement = $"""
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

    public const string CountEvents = "SELECT count(*) FROM events";

    public const string HighestSequenceNumber = "SELECT max(sequence_number) FROM events";

    public const string ReserveSequenceNumbers =
        "UPDATE sequence_counter SET next_sequence_number = next_sequence_number + $1 WHERE id = 1 RETURNING next_sequence_number - $1";

    public const string HoldSequenceCounter = "SELECT next_sequence_number FROM sequence_counter WHERE id = 1 FOR UPDATE";

    public const string AlignSequenceCounterWithLog =
        "UPDATE sequence_counter SET next_sequence_number = COALESCE((SELECT max(sequence_number) FROM events), -1) + 1 WHERE id = 1 RETURNING next_sequence_number";

    public const string NextSequenceNumber = "SELECT next_sequence_number FROM sequence_counter WHERE id = 1";

    public const string InsertEvent = $"INSERT INTO events ({EventColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)";

    /// <summary>
    /// One statement whatever the batch size: each column travels as one array parameter and unnest turns them back into
    /// rows, so large batches stay under PostgreSQL's 65 535-parameter limit.
    /// </summary>
    public const string InsertEvents = $"""
        INSERT INTO events ({EventColumns})
        SELECT s, src, typ, agg, ver, cid, tags::jsonb, payload::jsonb
        FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::uuid[], $7::text[], $8::text[])
             AS rows(s, src, typ, agg, ver, cid, tags, payload)
        """;

    /// <summary>The raw writer's rows with their aggregates' versions, in one statement.</summary>
    public const string InsertEventsWithAggregates =
        "WITH aggregate_rows AS (INSERT INTO aggregates (event_source, aggregate_type, version) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) " +
        "ON CONFLICT (event_source, aggregate_type) DO UPDATE SET version = EXCLUDED.version) " +
        "INSERT INTO events (sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags, payload) " +
        "SELECT s, src, typ, agg, ver, cid, tags::jsonb, payload::jsonb FROM unnest($4::bigint[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::uuid[], $10::text[], $11::text[]) " +
        "AS rows(s, src, typ, agg, ver, cid, tags, payload)";

    /// <summary>
    /// One disjunct per query item: its types (any when empty) and every one of its tags among the event's (jsonb ?&amp;).
    /// $1 is the position; item i's types and tags are $2i+2 and $2i+3. The main log has no index on tags (no other
    /// strategy pays for one), so the check reads the events after the position by the primary key, or the whole log
    /// without one.
    /// </summary>
    public static string AnyEventMatches(int items) =>
        "SELECT EXISTS (SELECT 1 FROM events WHERE sequence_number > $1 AND (" +
        string.Join(" OR ", Enumerable.Range(0, items).Select(i => $"((cardinality(${(2 * i) + 2}::text[]) = 0 OR event_type = ANY(${(2 * i) + 2})) AND tags ?& ${(2 * i) + 3}::text[])")) +
        "))";

    /// <summary>ON CONFLICT DO NOTHING reports a mismatch as "no row changed" instead of an error, so a failed check leaves the transaction usable.</summary>
    public const string CreateAggregate = "INSERT INTO aggregates (event_source, aggregate_type, version) VALUES ($1, $2, $4) ON CONFLICT DO NOTHING";

    /// <summary>The version-filtered update: a mismatch changes no row and raises no error.</summary>
    public const string AdvanceAggregate = "UPDATE aggregates SET version = $4 WHERE event_source = $1 AND aggregate_type = $2 AND version = $3";

    public const string ReadAggregateVersion = "SELECT version FROM aggregates WHERE event_source = $1 AND aggregate_type = $2";

    public const string ReadAggregateVersions = "SELECT event_source, aggregate_type, version FROM aggregates ORDER BY 1, 2";

    /// <summary>No index on commit_id: the lookup runs only after a lost answer, and an index would cost every insert; one scan answers for a whole batch.</summary>
    public const string FindCommits = "SELECT commit_id, sequence_number FROM events WHERE commit_id = ANY($1) ORDER BY 2";

    public const string IndexStreams = "CREATE INDEX IF NOT EXISTS events_by_stream ON events (event_source, sequence_number)";

    public const string SelectEvents =
        "SELECT sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags::text, payload::text FROM events";

    public const string ReadLog = $"{SelectEvents} ORDER BY sequence_number";

    public const string ReadStream = $"{SelectEvents} WHERE event_source = $1 ORDER BY sequence_number";

    public const string SequenceNumbersAfter = "SELECT sequence_number FROM events WHERE sequence_number > $1 ORDER BY sequence_number LIMIT $2";

    /// <summary>
    /// The statement's snapshot and pg_current_snapshot() are one: every transaction below its xmin has ended, and what
    /// it wrote is in this read or never will be.
    /// </summary>
    public const string CompletedTransactionsAfter = """
        SELECT transaction_id, sequence_number FROM events
        WHERE transaction_id IS NOT NULL AND (transaction_id, sequence_number) > ($1, $2)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, sequence_number LIMIT $3
        """;

    /// <summary>
    /// pgbench's transaction for the ceiling: one INSERT of <paramref name="rowsPerStatement"/> events (one commit id, the
    /// sample events' type and tags, <paramref name="payload"/>). A client's statements are numbered from a random base
    /// far from every other client's: a collision needs two of its own random bases to fall within one statement's rows
    /// of each other.
    /// </summary>
    public static string PgbenchInsertEvents(int rowsPerStatement, string payload) => string.Create(CultureInfo.InvariantCulture, $"""
        \set base random(0, 1099511627775)
        INSERT INTO events (sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags, payload)
        SELECT (:client_id::bigint << 50) + :base::bigint * {rowsPerStatement} + g, 'pgbench-' || :client_id, 'OrderLineAdded', NULL, NULL, c.id, '["orders","lab"]'::jsonb, '{payload.Replace("'", "''", StringComparison.Ordinal)}'::jsonb
        FROM generate_series(1, {rowsPerStatement}) AS g, (SELECT gen_random_uuid() AS id) AS c;

        """);

    /// <summary>The pgbench variable that holds a statement's payloads, as one text array literal.</summary>
    public const string PgbenchPayloadsVariable = "payloads";

    /// <summary>
    /// pgbench's transaction for the ceiling with the payloads sent by the client: one INSERT of the events whose
    /// payloads arrive as one text[] parameter and are cast to jsonb on the server, as the lab's statements send them;
    /// numbered, identified and tagged on the server as <see cref="PgbenchInsertEvents"/>.
    /// </summary>
    public static string PgbenchInsertSentEvents(int rowsPerStatement) => string.Create(CultureInfo.InvariantCulture, $"""
        \set base random(0, 1099511627775)
        INSERT INTO events (sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags, payload)
        SELECT (:client_id::bigint << 50) + :base::bigint * {rowsPerStatement} + p.g, 'pgbench-' || :client_id, 'OrderLineAdded', NULL, NULL, c.id, '["orders","lab"]'::jsonb, p.payload::jsonb
        FROM unnest(:{PgbenchPayloadsVariable}::text[]) WITH ORDINALITY AS p(payload, g), (SELECT gen_random_uuid() AS id) AS c;

        """);
}
