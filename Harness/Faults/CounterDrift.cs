using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Verification;

namespace EventCommitLab.Harness.Faults;

/// <summary>Moves the log and the store's sequence counter apart through the port, as other writers would.</summary>
internal static class CounterDrift
{
    /// <summary>The number of events or numbers each drift puts between the log's end and the counter.</summary>
    public const int Distance = 25;

    /// <summary>Writes events at the numbers after the log's highest without touching the counter; they go into the ledger.</summary>
    public static async Task WriteEventsPastCounterAsync(IEventStore store, CommitLedger ledger, CancellationToken cancellationToken)
    {
        var request = CommitRequest.ForEvents(new SampleEvents().Create(Distance));
        await using var transaction = await store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        var first = (await transaction.ReadHighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false) ?? -1) + 1;
        var stamped = request.Stamp(first);
        await transaction.InsertEventsAsync(stamped, cancellationToken).ConfigureAwait(false);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        ledger.Record(new LedgerEntry(request.CommitId, Distance, LedgerOutcome.Acknowledged, [.. stamped.Select(e => e.SequenceNumber)], null, EventFingerprint.Of(request)));
    }

    /// <summary>Takes numbers from the counter and writes nothing at them.</summary>
    public static async Task TakeNumbersNeverWrittenAsync(IEventStore store, CancellationToken cancellationToken)
    {
        await using var transaction = await store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        _ = await transaction.ReserveSequenceNumbersAsync(Distance, cancellationToken).ConfigureAwait(false);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
    }
}
