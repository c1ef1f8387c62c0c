using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Verification;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// Fills a fresh log before a case (--prefill), through the port's counter reservation so that every strategy, the
/// counter-based ones included, continues from the same state. The prefill's commits go into the ledger.
/// </summary>
internal static class LogPrefill
{
    private const int Chunk = 10_000;

    public static async Task WriteAsync(IEventStore store, CommitLedger ledger, long events, int payloadBytes, CancellationToken cancellationToken)
    {
        var sample = new SampleEvents(payloadBytes);
        for (long written = 0; written < events; written += Chunk)
        {
            var count = (int)Math.Min(Chunk, events - written);
            var request = CommitRequest.ForEvents(sample.Create(count));
            await using var transaction = await store.BeginTransactionAsync(cancellationToken);
            var stamped = request.Stamp(await transaction.ReserveSequenceNumbersAsync(count, cancellationToken));
            await transaction.InsertEventsAsync(stamped, cancellationToken);
            await transaction.CommitAsync(cancellationToken);
            ledger.Record(new LedgerEntry(request.CommitId, count, LedgerOutcome.Acknowledged, [.. stamped.Select(e => e.SequenceNumber)], null, EventFingerprint.Of(request)));
        }
    }
}
