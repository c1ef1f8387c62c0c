using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// As <see cref="InMemorySequenceStrategy"/>, but a commit's events go in with one multi-event insert: one round trip
/// per commit instead of one per event. Same weaknesses: gaps after failed commits, one writer process only.
/// </summary>
public sealed class InsertManyStrategy(IEventStore store, CommitStrategyOptions options) : ProcessLocalSequenceStrategy(store, options), IClaimsGuarantees
{
    protected override Task InsertAsync(IStoreSession session, StoredEvent[] events, CancellationToken cancellationToken) =>
        session.InsertEventsAsync(events, cancellationToken);
}
