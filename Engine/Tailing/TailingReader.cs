using System.Collections.Concurrent;
using System.Diagnostics;
using EventCommitLab.Contract;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Tailing;

/// <summary>
/// Follows the log the way a catch-up subscription does, beside the load and on its own connection: it reads what it
/// may deliver, delivers it, and reads again at once after a full page or 1 ms later otherwise. Each kind decides what
/// it may deliver. When stopped, once the load has drained, it catches up with the log, then counts the events it
/// passed without delivering: skips, events such a subscription would never deliver.
/// </summary>
internal abstract class TailingReader
{
    protected const int Page = 10_000;
    private readonly CancellationTokenSource _stop = new();
    private readonly ConcurrentDictionary<long, long> _acknowledgedAt = new();
    private readonly Dictionary<long, long> _deliveredAt = [];
    private readonly LatencyHistogram _lag;
    private Task _following = Task.CompletedTask;
    private long _polls;
    private long _delivered;

    protected TailingReader(LatencyHistogram lag)
    {
        ArgumentNullException.ThrowIfNull(lag);
        _lag = lag;
    }

    public abstract TailingReaderKind Kind { get; }

    /// <summary>How long the catch-up after the load may take: a kind that waits at holes waits out its timeout.</summary>
    protected virtual TimeSpan CatchUpLimit => TimeSpan.FromSeconds(1);

    /// <summary>True while the reader holds back at a hole it has not yet declared a gap.</summary>
    public virtual bool Waiting => false;

    /// <summary>Reads made so far.</summary>
    public long Polls => Interlocked.Read(ref _polls);

    /// <summary>Events delivered so far.</summary>
    public long Delivered => Interlocked.Read(ref _delivered);

    /// <summary>Notes when the load was told these commits were written, for the lag of their delivery.</summary>
    public void Acknowledged(IReadOnlyList<CommitOutcome> outcomes, long timestamp)
    {
        ArgumentNullException.ThrowIfNull(outcomes);
        foreach (var outcome in outcomes)
        {
            if (outcome.Result is { SequenceNumbers.Count: > 0 } result)
            {
                _acknowledgedAt.TryAdd(result.SequenceNumbers[0], timestamp);
            }
        }
    }

    /// <summary>Stops following (the load must have drained: every commit answered), catches up, and says what the reader saw.</summary>
    public async Task<ReaderRound> StopAsync(CancellationToken cancellationToken)
    {
        await StopFollowingAsync().ConfigureAwait(false);

        // Everything is committed now: what the reader can still deliver it delivers, and what it passed stays passed.
        var until = Stopwatch.GetTimestamp() + (long)(CatchUpLimit.TotalSeconds * Stopwatch.Frequency);
        while (await PollOnceAsync(cancellationToken).ConfigureAwait(false) || (Waiting && Stopwatch.GetTimestamp() < until))
        {
            if (Waiting)
            {
                await Task.Delay(1, cancellationToken).ConfigureAwait(false);
            }
        }

        var (skipped, firstSkipped) = await CountSkippedAsync(cancellationToken).ConfigureAwait(false);
        foreach (var (first, acknowledged) in _acknowledgedAt)
        {
            if (_deliveredAt.TryGetValue(first, out var delivered))
            {
                _lag.Record(acknowledged, Math.Max(acknowledged, delivered));
            }
        }

        return Stalled(new ReaderRound(_deliveredAt.Count, skipped, _polls, firstSkipped));
    }

    /// <summary>Stops the reads and waits for the last one; a failed read is thrown here.</summary>
    public async Task StopFollowingAsync()
    {
        if (!_stop.IsCancellationRequested)
        {
            await _stop.CancelAsync().ConfigureAwait(false);
        }

        try
        {
            await _following.ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (_stop.IsCancellationRequested)
        {
        }
    }

    /// <summary>Starts the reads in the background, once the reader knows where it starts.</summary>
    protected void Follow() => _following = Task.Run(FollowAsync);

    /// <summary>Reads once and delivers what it may, each number through <see cref="Deliver"/>; true when it read a full page.</summary>
    protected abstract Task<bool> PollAsync(CancellationToken cancellationToken);

    /// <summary>The events now in the log that the reader passed without delivering, and the lowest of them.</summary>
    protected abstract Task<(long Skipped, long? First)> CountSkippedAsync(CancellationToken cancellationToken);

    /// <summary>The round with the kind's own stall figures added.</summary>
    protected virtual ReaderRound Stalled(ReaderRound round) => round;

    protected void Deliver(long number, long timestamp)
    {
        if (_deliveredAt.TryAdd(number, timestamp))
        {
            Interlocked.Increment(ref _delivered);
        }
    }

    protected bool WasDelivered(long number) => _deliveredAt.ContainsKey(number);

    private async Task<bool> PollOnceAsync(CancellationToken cancellationToken)
    {
        var full = await PollAsync(cancellationToken).ConfigureAwait(false);
        Interlocked.Increment(ref _polls);
        return full;
    }

    private async Task FollowAsync()
    {
        var token = _stop.Token;
        while (!token.IsCancellationRequested)
        {
            // A read is never cancelled halfway (that would cost the server a cancel request beside the load): stopping
            // waits for it and ends the pause after it.
            if (!await PollOnceAsync(CancellationToken.None).ConfigureAwait(false))
            {
                await Task.Delay(1, token).ConfigureAwait(false);
            }
        }
    }
}
