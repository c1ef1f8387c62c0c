using System.Diagnostics;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Tailing;

/// <summary>
/// Delivers only up to the high-water mark, the highest number with none missing below it, as Marten's async daemon
/// does: at a hole it waits, and a hole still open after the stale timeout is declared a gap and passed. A number that
/// fills a hole after that is skipped; a hole that a commit fills in time costs only the wait (a stall).
/// </summary>
internal sealed class HighWaterMarkReader : SequenceNumberReader
{
    private readonly TimeSpan _staleAfter;
    private const long NoHole = -1;
    private long _holeSince = NoHole;
    private long _stalls;
    private long _gaps;
    private double _stalledMs;
    private double _longestStallMs;

    private HighWaterMarkReader(IEventLogReader log, long start, TimeSpan staleAfter, LatencyHistogram lag)
        : base(log, start, lag) =>
        _staleAfter = staleAfter;

    /// <summary>Marten's default stale-sequence threshold.</summary>
    public static TimeSpan DefaultStaleAfter { get; } = TimeSpan.FromSeconds(3);

    public override TailingReaderKind Kind => TailingReaderKind.HighWaterMark;

    protected override TimeSpan CatchUpLimit => _staleAfter + TimeSpan.FromSeconds(1);

    public override bool Waiting => Volatile.Read(ref _holeSince) != NoHole;

    /// <summary>Starts following the log after <paramref name="start"/>, its highest number (-1 for an empty log).</summary>
    public static HighWaterMarkReader Start(IEventLogReader log, long start, LatencyHistogram lag, TimeSpan? staleAfter = null)
    {
        var reader = new HighWaterMarkReader(log, start, staleAfter ?? DefaultStaleAfter, lag);
        reader.Follow();
        return reader;
    }

    protected override async Task<bool> PollAsync(CancellationToken cancellationToken)
    {
        var (numbers, now) = await ReadAfterPositionAsync(cancellationToken).ConfigureAwait(false);
        foreach (var number in numbers)
        {
            if (number != Position + 1)
            {
                if (_holeSince == NoHole)
                {
                    Volatile.Write(ref _holeSince, now);
                }

                if (Stopwatch.GetElapsedTime(_holeSince, now) < _staleAfter)
                {
                    return false;
                }

                _gaps++;
            }

            if (_holeSince != NoHole)
            {
                EndStall(Stopwatch.GetElapsedTime(_holeSince, now).TotalMilliseconds);
            }

            Deliver(number, now);
            Position = number;
        }

        return numbers.Count == Page;
    }

    protected override ReaderRound Stalled(ReaderRound round) =>
        round with { Stalls = _stalls, StalledMs = _stalledMs, LongestStallMs = _longestStallMs, GapsDeclared = _gaps };

    private void EndStall(double milliseconds)
    {
        Volatile.Write(ref _holeSince, NoHole);
        _stalls++;
        _stalledMs += milliseconds;
        _longestStallMs = Math.Max(_longestStallMs, milliseconds);
    }
}
