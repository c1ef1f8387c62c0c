using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// A counter in this process, started from the log's highest sequence number, hands out each commit's range; one
/// transaction per commit; each event inserted on its own.
/// </summary>
/// <remarks>
/// No round trip for the sequence and no contention on a counter, but the numbers of a commit that fails are lost
/// (a gap), and a second writer process has its own counter (duplicate keys, then gaps).
/// </remarks>
public sealed class InMemorySequenceStrategy(IEventStore store, CommitStrategyOptions options) : ProcessLocalSequenceStrategy(store, options), IClaimsGuarantees
{
    protected override async Task InsertAsync(IStoreSession session, StoredEvent[] events, CancellationToken cancellationToken)
    {
        foreach (var e in events)
        {
            await session.InsertEventAsync(e, cancellationToken).ConfigureAwait(false);
        }
    }
}
