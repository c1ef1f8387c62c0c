using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Tests.Infrastructure;

/// <summary>
/// A strategy that exists only in the tests, registered for one test's flow of control, to show that a strategy's file
/// and its catalog line are all the lab needs of it: it commits a commit's events one insert per event.
/// </summary>
public sealed class ProbeStrategy(IEventStore store, CommitStrategyOptions options) : ProcessLocalSequenceStrategy(store, options), IClaimsGuarantees
{
    protected override async Task InsertAsync(IStoreSession session, StoredEvent[] events, CancellationToken cancellationToken)
    {
        foreach (var stored in events)
        {
            await session.InsertEventsAsync([stored], cancellationToken);
        }
    }
}
