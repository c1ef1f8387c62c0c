using System.Diagnostics;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Tailing;

/// <summary>
/// Delivers only events of transactions older than every transaction still running, in order of transaction id then
/// number (Emmett, go-crablet): what is below the horizon is final, so this order only grows at its end. Only events
/// stored with their transaction's id are read.
/// </summary>
internal sealed class TransactionHorizonReader : TailingReader
{
    private readonly IEventLogReader _log;
    private TransactionPosition _start;
    private TransactionPosition _position;

    private TransactionHorizonReader(IEventLogReader log, LatencyHistogram lag)
        : base(lag) =>
        _log = log;

    public override TailingReaderKind Kind => TailingReaderKind.TransactionHorizon;

    /// <summary>Starts following the log after what is below the horizon now (read first, before the load starts).</summary>
    public static async Task<TransactionHorizonReader> StartAsync(IEventLogReader log, LatencyHistogram lag, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(log);
        var reader = new TransactionHorizonReader(log, lag);
        var position = TransactionPosition.Start;
        while (await log.ReadBelowTransactionHorizonAsync(position, Page, cancellationToken).ConfigureAwait(false) is { Count: > 0 } page)
        {
            position = page[^1];
        }

        (reader._start, reader._position) = (position, position);
        reader.Follow();
        return reader;
    }

    protected override async Task<bool> PollAsync(CancellationToken cancellationToken)
    {
        var positions = await _log.ReadBelowTransactionHorizonAsync(_position, Page, cancellationToken).ConfigureAwait(false);
        var now = Stopwatch.GetTimestamp();
        foreach (var position in positions)
        {
            Deliver(position.SequenceNumber, now);
        }

        if (positions.Count > 0)
        {
            _position = positions[^1];
        }

        return positions.Count == Page;
    }

    /// <summary>Once the load has drained every event is below the horizon: one at or before the position and not delivered was passed.</summary>
    protected override async Task<(long Skipped, long? First)> CountSkippedAsync(CancellationToken cancellationToken)
    {
        long skipped = 0;
        long? first = null;
        for (var after = _start; after < _position;)
        {
            var positions = await _log.ReadBelowTransactionHorizonAsync(after, Page, cancellationToken).ConfigureAwait(false);
            foreach (var position in positions.TakeWhile(p => p <= _position).Where(p => !WasDelivered(p.SequenceNumber)))
            {
                skipped++;
                first = first is null ? position.SequenceNumber : Math.Min(first.Value, position.SequenceNumber);
            }

            after = positions.Count == Page ? positions[^1] : _position;
        }

        return (skipped, first);
    }
}
