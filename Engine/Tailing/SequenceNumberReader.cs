using System.Diagnostics;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Measurement;

namespace EventCommitLab.Engine.Tailing;

/// <summary>A reader whose position is a sequence number: it has passed every number up to it.</summary>
internal abstract class SequenceNumberReader : TailingReader
{
    private readonly long _start;
    private long _position;

    protected SequenceNumberReader(IEventLogReader log, long start, LatencyHistogram lag)
        : base(lag)
    {
        ArgumentNullException.ThrowIfNull(log);
        (Log, _start, _position) = (log, start, start);
    }

    /// <summary>The highest number passed so far (the start while none).</summary>
    public long Position
    {
        get => Volatile.Read(ref _position);
        protected set => Volatile.Write(ref _position, value);
    }

    protected IEventLogReader Log { get; }

    /// <summary>One page of the committed numbers after the position, and when it arrived.</summary>
    protected async Task<(IReadOnlyList<long> Numbers, long ReadAt)> ReadAfterPositionAsync(CancellationToken cancellationToken)
    {
        var numbers = await Log.ReadSequenceNumbersAfterAsync(Position, Page, cancellationToken).ConfigureAwait(false);
        return (numbers, Stopwatch.GetTimestamp());
    }

    /// <summary>Every number up to the position that is in the log now and was not delivered was passed for good.</summary>
    protected override async Task<(long Skipped, long? First)> CountSkippedAsync(CancellationToken cancellationToken)
    {
        long skipped = 0;
        long? first = null;
        var position = Position;
        for (var after = _start; after < position;)
        {
            var numbers = await Log.ReadSequenceNumbersAfterAsync(after, Page, cancellationToken).ConfigureAwait(false);
            foreach (var number in numbers.TakeWhile(n => n <= position).Where(n => !WasDelivered(n)))
            {
                skipped++;
                first ??= number;
            }

            after = numbers.Count == Page ? numbers[^1] : position;
        }

        return (skipped, first);
    }
}
