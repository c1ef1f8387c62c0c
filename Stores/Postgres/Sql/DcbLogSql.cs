using System.Globalization;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Stores.Postgres.Sql;

/// <summary>
/// The DCB log's SQL, every statement named: its table, sequence and tag index, the statement that checks conditions and
/// inserts, the locks, and the reads. Conditions travel as typed arrays (items; their types and tags flattened beside an
/// item index), never as text to be parsed: the check is one statement whatever the number of conditions.
/// </summary>
internal static class DcbLogSql
{
    public const string Table = "dcb_events";

    public const string Positions = "dcb_positions";

    public const string TagIndex = "dcb_events_by_tag";

    // $1..$7: the condition items (id, append, after), their types (item, type) and their tags (item, tag).
    public const string ConditionCtes = $"""
        items AS (SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[]) AS i(item, append, after)),
        item_types AS (SELECT item, array_agg(type) AS types FROM unnest($4::int[], $5::text[]) AS t(item, type) GROUP BY item),
        item_tags AS (SELECT item, array_agg(tag) AS tags FROM unnest($6::int[], $7::text[]) AS t(item, tag) GROUP BY item),
        broken AS (
            SELECT DISTINCT i.append FROM items i LEFT JOIN item_types y USING (item) LEFT JOIN item_tags g USING (item)
            WHERE EXISTS (
                SELECT 1 FROM {Table} e
                WHERE e.position + 0 > i.after AND (y.types IS NULL OR e.type = ANY (y.types)) AND e.tags @> coalesce(g.tags, ARRAY[]::text[])))
        """;

    // $8..$12: the events' types, payloads and appends (their index in the batch), and their tags (event ordinal, tag).
    // The events of an append the log breaks are left out; the ordered subquery numbers the rest in batch order. The
    // statement returns the broken appends and the positions written, in one result.
    public const string CheckAndInsert = $"""
        WITH {ConditionCtes},
        ev AS (SELECT n, type, payload, append FROM unnest($8::text[], $9::jsonb[], $10::int[]) WITH ORDINALITY AS e(type, payload, append, n)),
        ev_tags AS (SELECT n, array_agg(tag ORDER BY o) AS tags FROM unnest($11::bigint[], $12::text[]) WITH ORDINALITY AS t(n, tag, o) GROUP BY n),
        written AS (
            INSERT INTO {Table} (position, type, tags, payload)
            SELECT nextval('{Positions}'), s.type, s.tags, s.payload
            FROM (SELECT ev.n, ev.type, coalesce(ev_tags.tags, ARRAY[]::text[]) AS tags, ev.payload FROM ev LEFT JOIN ev_tags USING (n)
                  WHERE ev.append NOT IN (SELECT append FROM broken) ORDER BY ev.n) AS s
            RETURNING position)
        SELECT 'broken' AS kind, append::bigint AS value FROM broken
        UNION ALL SELECT 'position', position FROM written
        """;

    // The check must find a condition's events through the tag index whatever the planner believes of the table: planned
    // while it held a freshly loaded small dataset, the prepared check scanned the table, and kept doing so as appends
    // grew it many times over (conditional appends fell far behind plain ones).
    // So no sequential scan in the writing transaction, and the position filter written so that it cannot use the
    // primary key: the tag index is the one path left.
    public const string IndexOnlyChecks = EventLogSql.IndexOnlyChecks;

    // Locks taken in one order (sorted keys, each once, exclusive if any use of it is) so that two appends never wait
    // for each other crosswise. A condition takes its keys exclusively, written events theirs shared: a condition
    // excludes every writer of what it matches and every rival condition on it, while writers never wait for writers.
    public const string TagLocks =
        "SELECT count(*) FROM (SELECT k, bool_or(x) AS x FROM unnest($1::text[], $2::bool[]) AS u(k, x) GROUP BY k ORDER BY k) AS s, " +
        "LATERAL (SELECT CASE WHEN s.x THEN pg_advisory_xact_lock(hashtextextended(s.k, 0))::text ELSE pg_advisory_xact_lock_shared(hashtextextended(s.k, 0))::text END) AS l";

    /// <summary>The key of the batch writers' exclusive lock: any fixed number no other lock of the lab's uses.</summary>
    public const long BatchWriterLock = 0x44_43_42_57;

    public const string Create =
        $"CREATE SEQUENCE {Positions}; " +
        $"CREATE TABLE {Table} (position bigint PRIMARY KEY, type text NOT NULL, tags text[] NOT NULL, payload jsonb NOT NULL); " +
        $"CREATE INDEX {TagIndex} ON {Table} USING gin (tags) WITH (fastupdate = off)";

    public const string Begin = "BEGIN";

    public const string Commit = "COMMIT";

    public const string Rollback = "ROLLBACK";

    public static string BeginFor(DcbLocking locking) => locking == DcbLocking.Serializable ? "BEGIN ISOLATION LEVEL SERIALIZABLE" : Begin;

    public static readonly string TakeBatchWriterLock = string.Create(CultureInfo.InvariantCulture, $"SELECT pg_advisory_xact_lock({BatchWriterLock})");

    /// <summary>The events after $1, at most $2, that match <paramref name="filter"/> (empty: all, else from <see cref="Matching"/>).</summary>
    public static string Read(string filter) => $"SELECT position, type, tags, payload::text FROM {Table} WHERE position > $1{filter} ORDER BY position LIMIT $2";

    /// <summary>A query's items as a filter: each item its types (the parameter numbered as given, 0: any) and its tags (likewise), any item matching.</summary>
    public static string Matching(IEnumerable<(int TypesParameter, int TagsParameter)> items)
    {
        var disjuncts = items.Select(item =>
        {
            var parts = new List<string>();
            if (item.TypesParameter > 0)
            {
                parts.Add(string.Create(CultureInfo.InvariantCulture, $"type = ANY (${item.TypesParameter})"));
            }

            if (item.TagsParameter > 0)
            {
                parts.Add(string.Create(CultureInfo.InvariantCulture, $"tags @> ${item.TagsParameter}"));
            }

            return parts.Count == 0 ? "true" : string.Join(" AND ", parts);
        });
        return $" AND ({string.Join(" OR ", disjuncts.Select(d => $"({d})"))})";
    }

    public const string Head = $"SELECT coalesce(max(position), 0) FROM {Table}";

    public const string CopyIn = $"COPY {Table} (position, type, tags, payload) FROM STDIN (FORMAT BINARY)";

    /// <summary>The next position after a load: <paramref name="head"/> + 1, or 1 on an empty log.</summary>
    public static string SetHead(long head) =>
        string.Create(CultureInfo.InvariantCulture, $"SELECT setval('{Positions}', {head}, {(head > 0 ? "true" : "false")})");

    public const string Analyse = $"ANALYZE {Table}";

    public const string DropTagIndex = $"DROP INDEX {TagIndex}";

    public const string CreateTagIndex = $"CREATE INDEX {TagIndex} ON {Table} USING gin (tags) WITH (fastupdate = off)";

    public const string VacuumAnalyse = $"VACUUM ANALYZE {Table}";

    /// <summary><paramref name="events"/> events of type Tagged, spread evenly over <paramref name="tags"/> tags, positions 1 to <paramref name="events"/>.</summary>
    public static string InsertTagged(int tags, long events) => string.Create(CultureInfo.InvariantCulture,
        $"INSERT INTO {Table} SELECT i, 'Tagged', ARRAY['tag:' || ((i - 1) % {tags})], jsonb_build_object('n', i, 'data', repeat('x', 64)) FROM generate_series(1::bigint, {events}::bigint) AS i");
}
