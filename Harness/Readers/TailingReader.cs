using System.Collections.Concurrent;
using System.Diagnostics;
using EventCommitLab.Harness.Measurement;
using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Readers;

/// <summary>
/// Follows the log the way a naive catch-up subscription does, beside the load and on its own connection: it reads
/// "everything after the last number delivered", delivers it, and reads again at once after a full page or 1 ms
/// later when it is caught up. A number committed after the reader moved past it is never delivered: a skip. When
/// stopped, once the load has drained, it reads the numbers it passed once more and counts what it skipped.
/// </summary>
internal sealed class TailingReader
{
    private const int Page = 10_000;
    private readonly IEventLogReader _log;
    private readonly long _start;
    private readonly CancellationTokenSource _stop = new();
    private readonly ConcurrentDictionary<long, long> _acknowledgedAt = new();
    private readonly Dictionary<long, long> _deliveredAt = [];
    private readonly LatencyHistogram _lag;
    private readonly Task _following;
    private long _last;
    private long _polls;

    private TailingReader(IEventLogReader log, long start, LatencyHistogram lag)
    {
        (_log, _start, _last, _lag) = (log, start, start, lag);
        _following = Task.Run(FollowAsync);
    }

    /// <summary>
    /// Starts following the log after <paramref name="start"/>, its highest number (-1 for an empty log); each
    /// acknowledged commit's delivery lag goes into <paramref name="lag"/> when the reader stops.
    /// </summary>
    public static TailingReader Start(IEventLogReader log, long start, LatencyHistogram lag)
    {
        ArgumentNullException.ThrowIfNull(log);
        ArgumentNullException.ThrowIfNull(lag);
        return new TailingReader(log, start, lag);
    }

    /// <summary>The highest number delivered so far (the start while none).</summary>
    public long Position => Volatile.Read(ref _last);

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

    /// <summary>Stops following (the load must have drained: every commit answered) and says what the reader saw.</summary>
    public async Task<ReaderRound> StopAsync(CancellationToken cancellationToken)
    {
        await StopFollowingAsync().ConfigureAwait(false);

        // Every number up to the reader's position that is in the log now and was not delivered was passed for good.
        long skipped = 0;
        long? firstSkipped = null;
        for (var after = _start; after < _last;)
        {
            var numbers = await _log.ReadSequenceNumbersAfterAsync(after, Page, cancellationToken).ConfigureAwait(false);
            foreach (var number in numbers.TakeWhile(n => n <= _last).Where(n => !_deliveredAt.ContainsKey(n)))
            {
                skipped++;
                firstSkipped ??= number;
            }

            after = numbers.Count == Page ? numbers[^1] : _last;
        }

        foreach (var (first, acknowledged) in _acknowledgedAt)
        {
            if (_deliveredAt.TryGetValue(first, out var delivered))
            {
                _lag.Record(acknowledged, Math.Max(acknowledged, delivered));
            }
        }

        return new ReaderRound(_deliveredAt.Count, skipped, _polls, firstSkipped);
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

    private async Task FollowAsync()
    {
        var token = _stop.Token;
        while (!token.IsCancellationRequested)
        {
            // A read is never cancelled halfway (that would cost the server a cancel request beside the load): stopping
            // waits for it and ends the pause after it.
            var numbers = await _log.ReadSequenceNumbersAfterAsync(_last, Page, CancellationToken.None).ConfigureAwait(false);
            var now = Stopwatch.GetTimestamp();
            _polls++;
            foreach (var number in numbers)
            {
                _deliveredAt[number] = now;
            }

            if (numbers.Count > 0)
            {
                Volatile.Write(ref _last, numbers[^1]);
            }

            if (numbers.Count < Page)
            {
                await Task.Delay(1, token).ConfigureAwait(false);
            }
        }
    }
}
