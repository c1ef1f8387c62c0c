namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// How transient failures (sequence-key races, serialization failures, deadlocks, dropped connections) are retried. On a
/// store whose client names its own backoff (<see cref="Contract.Port.IEventStore.RetryGuidance"/>), that backoff
/// replaces <see cref="MaxRetryAttempts"/>, <see cref="BaseDelay"/> and <see cref="MaxDelay"/>; the rest holds.
/// </summary>
public sealed record CommitRetryOptions
{
    /// <summary>Retries after the first attempt. Default 200: a wave of 100 count-based commits can lose the race
    /// to each of the others in turn, and the lab wants to measure that cost rather than fail on it.</summary>
    public int MaxRetryAttempts { get; init; } = 200;

    /// <summary>The first backoff delay; later ones grow exponentially with jitter. Default 2 ms, about one durable commit.</summary>
    public TimeSpan BaseDelay { get; init; } = TimeSpan.FromMilliseconds(2);

    /// <summary>No backoff delay is longer than this. Default 250 ms.</summary>
    public TimeSpan MaxDelay { get; init; } = TimeSpan.FromMilliseconds(250);

    /// <summary>A commit with all its retries gives up after this long. Default 120 s; Polly accepts 10 ms to 24 h.</summary>
    public TimeSpan TotalTimeout { get; init; } = TimeSpan.FromSeconds(120);

    /// <summary>When given, no transient failure is retried while it is stopped. Default none: retries always run.</summary>
    public RetryStop? Stop { get; init; }
}
