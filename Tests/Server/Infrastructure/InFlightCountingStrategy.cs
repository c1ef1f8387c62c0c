using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>A real strategy, counting its commits and the most that were in flight at once.</summary>
public sealed class InFlightCountingStrategy(ICommitStrategy inner) : ICommitStrategy
{
    private int _inFlight;
    private int _mostInFlight;
    private int _commits;

    public int MostInFlight => Volatile.Read(ref _mostInFlight);

    public int Commits => Volatile.Read(ref _commits);

    public string Name => inner.Name;

    public StrategyGuarantees Guarantees => inner.Guarantees;

    public CommitCounters Counters => inner.Counters;

    public Task<CommitResult> CommitAsync(IReadOnlyList<UncommittedEvent> events, CancellationToken cancellationToken) =>
        CountAsync(() => inner.CommitAsync(events, cancellationToken));

    public Task<CommitResult> CommitAggregateAsync(AggregateKey aggregate, long expectedVersion, IReadOnlyList<UncommittedEvent> events, CancellationToken cancellationToken) =>
        CountAsync(() => inner.CommitAggregateAsync(aggregate, expectedVersion, events, cancellationToken));

    public Task<CommitResult> CommitAsync(CommitRequest request, CancellationToken cancellationToken) =>
        CountAsync(() => inner.CommitAsync(request, cancellationToken));

    public ValueTask DisposeAsync() => inner.DisposeAsync();

    private async Task<CommitResult> CountAsync(Func<Task<CommitResult>> commit)
    {
        var now = Interlocked.Increment(ref _inFlight);
        int most;
        while (now > (most = Volatile.Read(ref _mostInFlight)) && Interlocked.CompareExchange(ref _mostInFlight, now, most) != most)
        {
        }

        Interlocked.Increment(ref _commits);
        try
        {
            return await commit();
        }
        finally
        {
            Interlocked.Decrement(ref _inFlight);
        }
    }
}
