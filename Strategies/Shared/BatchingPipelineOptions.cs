namespace EventCommitLab.Strategies.Shared;

/// <summary>Options of the group-commit pipeline.</summary>
public sealed record BatchingPipelineOptions
{
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
}
