using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Port;
using Polly;
using Polly.Retry;
using Polly.Timeout;

namespace EventCommitLab.Strategies.Shared;

/// <summary>The one retry pipeline every strategy uses: only what the store calls transient is retried, and every retry is counted.</summary>
internal static class CommitRetryPipeline
{
    public static ResiliencePipeline Create(IEventStore store, CommitRetryOptions options, CommitCounters counters) =>
        new ResiliencePipelineBuilder()
            .AddTimeout(new TimeoutStrategyOptions { Timeout = options.TotalTimeout })
            .AddRetry(new RetryStrategyOptions
            {
                ShouldHandle = new PredicateBuilder().Handle<Exception>(e => IsTransient(store, e)),
                MaxRetryAttempts = options.MaxRetryAttempts,
                BackoffType = DelayBackoffType.Exponential,
                UseJitter = true,
                Delay = options.BaseDelay,
                MaxDelay = options.MaxDelay,
                OnRetry = _ =>
                {
                    counters.AddRetry();
                    return default;
                },
            })
            .Build();

    private static bool IsTransient(IEventStore store, Exception exception) =>
        exception is not ConcurrencyConflictException && store.Classify(exception) == StoreErrorKind.Transient;
}
