namespace EventCommitLab.Strategies.Shared;

/// <summary>Options of the group-commit pipeline.</summary>
public sealed record BatchingPipelineOptions
{
    /// <summary>
    /// Where the splitting tuning starts writing a batch as two halves: a flush is a fraction of a millisecond here, and
    /// inserting this many rows takes a backend several flushes' time, so a second backend inserting half of them pays for
    /// the second flush the halves cost; a batch of one event per committer stays whole.
    /// </summary>
    public const int LargeBatchEvents = 500;

    /// <summary>Commits that may wait in the queue; further callers wait for room. Default 10 000 (1 to int.MaxValue).</summary>
    public int QueueCapacity { get; init; } = 10_000;

    /// <summary>
    /// Batches sent and not yet answered at once. Default 1: the next batch forms while one is written. With 2, the next
    /// batch is sent while the previous one waits for its flush; the store's counter, held by each batch until it
    /// commits, keeps numbers in commit order (1 to 16).
    /// </summary>
    public int BatchesInFlight { get; init; } = 1;

    /// <summary>
    /// The pipeline numbers its batches of plain commits itself, from where it forecasts the counter stands
    /// (<see cref="CounterForecast"/>, the store's <c>WriteBatchFromAsync</c>): a batch then inserts its events before it
    /// takes the counter, so with two in flight the next batch inserts while the last still holds the counter. Default
    /// false: the store numbers every batch when it takes the counter.
    /// </summary>
    public bool NumbersItsBatches { get; init; }

    /// <summary>
    /// Each batch takes its numbers from the database's sequence instead of the counter, its events storing their
    /// transaction's id (the store's <c>WriteBatchNumberedByServerAsync</c>): batches in flight then share no row but the
    /// aggregates they commit to, and commit side by side, from one writer process or several. What it gives up is the
    /// counter's order: numbers are unique, not gap-free, and visible in order only to readers that stop below the
    /// transaction horizon; no conditional commit is taken. The field's group commit for unique numbers. Default false.
    /// </summary>
    public bool NumbersFromServerSequence { get; init; }

    /// <summary>
    /// A batch of plain commits holding at least this many events, when the pipeline numbers its batches, is written as
    /// two halves side by side on two connections: the second inserts while the first does, and takes the counter once
    /// the first has committed, so that numbers stay gap-free and visible in order. One backend inserts one statement's
    /// rows on one core; a large batch then uses two. Default null: a batch is written whole. At least 2.
    /// </summary>
    public int? SplitFromEvents { get; init; }
}
