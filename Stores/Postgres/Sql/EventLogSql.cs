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
        {BatchStatementSql.CreateConditionalBatchFunction}
        {BatchStatementSql.CreateNumberedBatchFunction}
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
    /// the insert statement: one round trip, as Marten's quick append makes it. Each event indexes its tag list among the
    /// commit's distinct lists ($9), as <see cref="InsertEvents"/>.
    /// </summary>
    public const string ServerNumberedInsert = $"""
        /* insert: server sequence */
        WITH numbers AS (
            SELECT array_agg(n ORDER BY n) AS n
            FROM (SELECT nextval('event_numbers') AS n FROM generate_series(1, cardinality($1::text[]))) AS taken)
        INSERT INTO events ({EventColumns}, transaction_id)
        SELECT numbers.n[e.i], e.src, e.typ, $5, $6 + e.i, $7, ($9::jsonb[])[e.g], e.payload::jsonb, CASE WHEN $8 THEN pg_current_xact_id() END
        FROM numbers CROSS JOIN unnest($1::text[], $2::text[], $3::int[], $4::text[]) WITH ORDINALITY AS e(src, typ, g, payload, i)
        RETURNING sequence_number
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
    /// Plain events (no aggregate) in one statement whatever their number, each column as one array parameter that
    /// unnest turns back into rows, so large inserts stay under PostgreSQL's 65 535-parameter limit. What events share
    /// travels once: the commit ids ($1) and the distinct tag lists ($2, parsed as jsonb once each), which each event
    /// indexes (from 1); the aggregate columns are NULL without arrays of NULLs. Per event: its number, source, commit,
    /// type, tag list and payload. Indexing a uuid[] or int[] takes constant time (fixed-width elements); a tag list
    /// is found among the few distinct ones.
    /// </summary>
    public const string InsertEvents = $"""
        INSERT INTO events ({EventColumns})
        SELECT e.s, e.src, e.typ, NULL, NULL, ($1::uuid[])[e.c], ($2::jsonb[])[e.g], e.payload::jsonb
        FROM unnest($3::bigint[], $4::text[], $5::int[], $6::text[], $7::int[], $8::text[]) AS e(s, src, c, typ, g, payload)
        """;

    /// <summary>Events of aggregate commits, every column sent per event: one statement whatever their number.</summary>
    public const string InsertAggregateEvents = $"""
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

    /// <summary>The pgbench variables that hold a statement's columns, each one array literal, in the statement's order.</summary>
    public static IReadOnlyList<string> PgbenchColumnVariables { get; } = ["commit_ids", "tag_lists", "sources", "event_commits", "types", "event_tag_lists", PgbenchPayloadsVariable];

    /// <summary>
    /// pgbench's transaction for the ceiling with every column sent by the client: one INSERT whose columns arrive as
    /// arrays (<see cref="PgbenchColumnVariables"/>) unnested on the server, the shape of <see cref="InsertEvents"/>
    /// (commit ids and distinct tag lists once, indexed by each event); numbered on the server as
    /// <see cref="PgbenchInsertEvents"/>.
    /// </summary>
    public static string PgbenchInsertEveryColumn(int rowsPerStatement) => string.Create(CultureInfo.InvariantCulture, $"""
        \set base random(0, 1099511627775)
        INSERT INTO events (sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags, payload)
        SELECT (:client_id::bigint << 50) + :base::bigint * {rowsPerStatement} + e.n, e.src, e.typ, NULL, NULL, (:commit_ids::uuid[])[e.c], (:tag_lists::jsonb[])[e.g], e.payload::jsonb
        FROM unnest(:sources::text[], :event_commits::int[], :types::text[], :event_tag_lists::int[], :{PgbenchPayloadsVariable}::text[])
             WITH ORDINALITY AS e(src, c, typ, g, payload, n);

        """);
}
