namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The lab's tables. The sequence number is the events' primary key, as the _id is in MongoDB. Autovacuum is off on
/// them: every log is fresh and lives a minute at most, and a vacuum started by the inserts would land on whichever
/// contender happened to be running (each case's database is dropped afterwards, so nothing needs vacuuming).
/// </summary>
internal static class PostgresSchema
{
    public const string EventsPrimaryKey = "events_pkey";
    public const string AggregatesPrimaryKey = "aggregates_pkey";

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
            CONSTRAINT {EventsPrimaryKey} PRIMARY KEY (sequence_number))
            WITH (autovacuum_enabled = off);
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
        {CommitBatchFunction}
        """;

    /// <summary>
    /// A whole batch in one call, so one round trip and, called outside a transaction, one durable flush. Commits are
    /// numbered from 1 in batch order; events carry their commit's number and their place in it. Each statement of a
    /// volatile function sees what committed before it started, so the versions read for commits left out are as
    /// fresh as the checks that left them out. Aggregates must be distinct in a batch (the client makes sure).
    /// </summary>
    public const string CommitBatchFunction = """
        CREATE FUNCTION commit_batch(
            c_source text[], c_type text[], c_expected bigint[], c_size int[], c_commit uuid[],
            e_commit int[], e_position int[], e_type text[], e_tags text[], e_payload text[])
        RETURNS TABLE (commit_index int, first_sequence_number bigint, actual_version bigint)
        LANGUAGE plpgsql VOLATILE AS $body$
        DECLARE
            passed int[];
            total bigint;
            first_number bigint;
        BEGIN
            WITH req AS (
                SELECT * FROM unnest(c_source, c_type, c_expected, c_size) WITH ORDINALITY AS r(src, typ, expected, size, i)),
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
            SELECT coalesce(array_agg(req.i::int ORDER BY req.i), '{}'), coalesce(sum(req.size), 0) INTO passed, total
            FROM req
            WHERE req.typ IS NULL
               OR (req.src, req.typ) IN (SELECT * FROM created UNION ALL SELECT * FROM advanced);

            IF total > 0 THEN
                UPDATE sequence_counter SET next_sequence_number = next_sequence_number + total WHERE id = 1
                RETURNING next_sequence_number - total INTO first_number;

                WITH offsets AS (
                    SELECT p.i, first_number + sum(c_size[p.i]) OVER (ORDER BY p.i) - c_size[p.i] AS start
                    FROM unnest(passed) AS p(i))
                INSERT INTO events (sequence_number, event_source, event_type, aggregate_type, aggregate_version, commit_id, tags, payload)
                SELECT o.start + e.pos, c_source[e.ci], e.typ, c_type[e.ci], c_expected[e.ci] + 1 + e.pos, c_commit[e.ci], e.tags::jsonb, e.payload::jsonb
                FROM unnest(e_commit, e_position, e_type, e_tags, e_payload) AS e(ci, pos, typ, tags, payload)
                JOIN offsets o ON o.i = e.ci;
            END IF;

            RETURN QUERY
                WITH offsets AS (
                    SELECT p.i, first_number + sum(c_size[p.i]) OVER (ORDER BY p.i) - c_size[p.i] AS start
                    FROM unnest(passed) AS p(i))
                SELECT r.i::int, o.start,
                       CASE WHEN o.i IS NULL THEN coalesce(
                           (SELECT a.version FROM aggregates a WHERE a.event_source = c_source[r.i] AND a.aggregate_type = c_type[r.i]), 0) END
                FROM generate_subscripts(c_size, 1) AS r(i)
                LEFT JOIN offsets o ON o.i = r.i
                ORDER BY r.i;
        END
        $body$;
        """;
}
