namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The lab's tables. The sequence number is the events' primary key, as the _id is in MongoDB. Autovacuum is off on
/// them: every log is fresh and lives a minute at most, and a vacuum started by the inserts would land on whichever
/// contender happened to be running (each case's database is dropped afterwards, so nothing needs vacuuming).
/// The transaction id is stored only by the strategies that number from the server sequence for horizon readers; its
/// index is partial, so the other strategies' inserts do not maintain it.
/// </summary>
internal static class PostgresSchema
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
        {PostgresStoreSession.CreateConditionalBatchFunction}
        """;
}
