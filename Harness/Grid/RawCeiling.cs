using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Grid;

/// <summary>
/// The ceiling every table carries: a wave's rows written with the store's fastest bulk path at the same durability,
/// numbered by a plain counter here, with no sequence logic in the store, no aggregate checks and no verification.
/// It is what the database can take, not a way to commit events, and is never offered as a strategy.
/// </summary>
internal sealed class RawCeiling(IEventStore store)
{
    public const string Name = "Ceiling";

    private long _next = -1;

    public async Task WriteAsync(IReadOnlyList<CommitRequest> wave, CancellationToken cancellationToken)
    {
        if (_next < 0)
        {
            await using var session = await store.OpenAutoCommitSessionAsync(cancellationToken);
            _next = (await session.ReadHighestSequenceNumberAsync(cancellationToken) ?? -1) + 1;
        }

        var rows = new List<StoredEvent>(wave.Sum(r => r.Events.Count));
        foreach (var request in wave)
        {
            rows.AddRange(request.Stamp(_next));
            _next += request.Events.Count;
        }

        await store.BulkInsertAsync(rows, cancellationToken);
    }
}
