using System.Diagnostics;
using EventCommitLab.Contract;
using EventCommitLab.Contract.Port;
using Polly;
using Polly.Retry;
using Polly.Timeout;

namespace EventCommitLab.Strategies.Shared;

/// <summary>
/// The one retry pipeline every strategy (and the DCB group commit) uses (Polly v8): only what the store calls transient is retried, with
/// jittered exponential backoff, bounded attempts and total time, and none while the options' <see cref="RetryStop"/> is
/// stopped; every retry is counted, and giving up is one typed error that names the last transient failure.
/// </summary>
internal sealed class CommitRetryPolicy
{
    private static readonly ResiliencePropertyKey<Exception> LastFailure = new("commit-lab.last-transient-failure");
    private static readonly ResiliencePropertyKey<int> Retries = new("commit-lab.retries");

    private readonly Func<Exception, StoreErrorKind> _classify;
    private readonly RetryStop? _stop;
    private readonly ResiliencePipeline _pipeline;

    public CommitRetryPolicy(IEventStore store, CommitRetryOptions options, CommitCounters counters)
        : this(store.Classify, options, counters.AddRetry, store.RetryGuidance)
    {
    }

    /// <param name="classify">How the store names a failure: only <see cref="StoreErrorKind.Transient"/> is retried.</param>
    /// <param name="onRetry">Counts a retry.</param>
    /// <param name="guidance">
    /// The database client's own backoff, which replaces the options' delays and bound on attempts (the total time
    /// still holds); null for the options' own.
    /// </param>
    public CommitRetryPolicy(Func<Exception, StoreErrorKind> classify, CommitRetryOptions options, Action onRetry, TransientRetryGuidance? guidance = null)
    {
        _classify = classify;
        _stop = options.Stop;
        _pipeline = new ResiliencePipelineBuilder()
            .AddTimeout(new TimeoutStrategyOptions { Timeout = options.TotalTimeout })
            .AddRetry(new RetryStrategyOptions
            {
                ShouldHandle = new PredicateBuilder().Handle<Exception>(e => IsTransient(e) && _stop is not { IsStopped: true }),
                MaxRetryAttempts = guidance is null ? options.MaxRetryAttempts : int.MaxValue,
                BackoffType = DelayBackoffType.Exponential,
                UseJitter = true,
                Delay = options.BaseDelay,
                MaxDelay = options.MaxDelay,
                DelayGenerator = guidance is null
                    ? null
                    : args => new ValueTask<TimeSpan?>(guidance.DelayBefore(args.AttemptNumber, Random.Shared.NextDouble())),
                OnRetry = args =>
                {
                    onRetry();
                    args.Context.Properties.Set(Retries, args.AttemptNumber + 1);
                    if (args.Outcome.Exception is { } failure)
                    {
                        args.Context.Properties.Set(LastFailure, failure);
                    }

                    return default;
                },
            })
            .Build();
    }

    public async Task<T> ExecuteAsync<T>(Func<CancellationToken, Task<T>> attempt, CancellationToken cancellationToken)
    {
        var started = Stopwatch.GetTimestamp();
        var context = ResilienceContextPool.Shared.Get(cancellationToken);
        try
        {
            return await _pipeline.ExecuteAsync(static async (ctx, a) => await a(ctx.CancellationToken).ConfigureAwait(false), context, attempt).ConfigureAwait(false);
        }
        catch (Exception e) when (e is TimeoutRejectedException || IsTransient(e))
        {
            var attempts = (context.Properties.TryGetValue(Retries, out var retries) ? retries : 0) + 1;
            if (e is not TimeoutRejectedException && _stop is { IsStopped: true })
            {
                throw new CommitRetriesStoppedException(attempts, e);
            }

            var last = e is TimeoutRejectedException ? context.Properties.GetValue(LastFailure, null!) : e;
            throw new CommitRetriesExhaustedException(attempts, Stopwatch.GetElapsedTime(started), last);
        }
        finally
        {
            ResilienceContextPool.Shared.Return(context);
        }
    }

    // An outcome the store calls unknown is never retried as it is: only once the log has shown it did not land.
    private bool IsTransient(Exception exception) =>
        exception is WriteNotLandedException
        || (exception is not (ConcurrencyConflictException or CommitOutcomeUnknownException) && _classify(exception) == StoreErrorKind.Transient);
}
