using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Tailing;

/// <summary>
/// Reads "everything after the last number delivered" and delivers all of it: a number committed after the reader
/// moved past it is never delivered.
/// </summary>
internal sealed class NaiveReader : SequenceNumberReader
{
    private NaiveReader(IEventLogReader log, long start, LatencyHistogram lag)
        : base(log, start, lag)
    {
    }

    public override TailingReaderKind Kind => TailingReaderKind.Naive;

    /// <summary>Starts following the log after <paramref name="start"/>, its highest number (-1 for an empty log).</summary>
    public static NaiveReader Start(IEventLogReader log, long start, LatencyHistogram lag)
    {
        var reader = new NaiveReader(log, start, lag);
        reader.Follow();
        return reader;
    }

    protected override async Task<bool> PollAsync(CancellationToken cancellationToken)
    {
        var (numbers, now) = await ReadAfterPositionAsync(cancellationToken).ConfigureAwait(false);
        foreach (var number in numbers)
        {
            Deliver(number, now);
        }

        if (numbers.Count > 0)
        {
            Position = numbers[^1];
        }

        return numbers.Count == Page;
    }
}
