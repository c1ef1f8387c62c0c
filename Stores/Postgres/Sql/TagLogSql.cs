using System.Globalization;
using EventCommitLab.SuitePorts.Tags;

namespace EventCommitLab.Stores.Postgres.Sql;

/// <summary>The tag suite's SQL, every statement named: one table per way of storing tags, how it is built, and the query by one tag.</summary>
internal static class TagLogSql
{
    public const string Table = "tag_log";

    public const string Size = $"SELECT pg_total_relation_size('{Table}') + coalesce(pg_total_relation_size(to_regclass('{Table}_tags')), 0)";

    /// <summary>The events carrying the tag in $1 (in the form <paramref name="storage"/> keeps it), by position.</summary>
    public static string Query(TagStorage storage) => storage switch
    {
        TagStorage.JsonArrayGin => $"SELECT position, stream, payload::text FROM {Table} WHERE tags @> $1 ORDER BY position",
        TagStorage.CommaSeparatedLike => $"SELECT position, stream, payload::text FROM {Table} WHERE tags LIKE $1 ORDER BY position",
        TagStorage.TagTable => $"SELECT e.position, e.stream, e.payload::text FROM {Table}_tags t JOIN {Table} e ON e.position = t.position WHERE t.tag = $1 ORDER BY t.position",
        // ARRAY(subquery) is run once before the outer plan is chosen: the planner never weighs the tag's row estimate
        // (far too high for a rare tag when every event carries common ones) against a scan of the whole log.
        _ => $"SELECT position, stream, payload::text FROM {Table} WHERE position = ANY (ARRAY(SELECT position FROM {Table}_tags WHERE tag = $1)) ORDER BY position",
    };

    /// <summary>
    /// The statements that build a log of <paramref name="events"/> events stored as <paramref name="storage"/> says: every
    /// event has two common tags (<c>kind-i%10</c>, <c>shard-i%100</c>); the last n of each of <paramref name="taggedAtEnd"/>
    /// carry <c>last-n</c> too.
    /// </summary>
    public static IEnumerable<string> Build(TagStorage storage, long events, IReadOnlyList<int> taggedAtEnd)
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
}
