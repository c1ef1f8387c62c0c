using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Strategies.Shared;

namespace EventCommitLab.Strategies.Implementations;

/// <summary>
/// A plain single-event commit is one insert with no transaction, its number from a counter in this process. Every
/// other commit (several events, or an aggregate commit) is written as <see cref="InsertManyStrategy"/> writes it.
/// </summary>
/// <remarks>
/// Aggregate commits take the transactional path even with one event: without a transaction the version check and the
/// event could not be made atomic, and a retried insert would find its own version advance and call it a conflict.
/// A single insert is atomic by itself, so every commit stays all-or-nothing; the weaknesses are those of the
/// process-local counter.
/// </remarks>
public sealed class SingleEventNoTransactionStrategy(IEventStore store, CommitStrategyOptions options) : ProcessLocalSequenceStrategy(store, options), IClaimsGuarantees
{
    protected override bool NeedsTransaction(CommitRequest request) => request.Events.Count > 1 || request.Aggregate is not null;

    protected override Task InsertAsync(IStoreSession session, StoredEvent[] events, CancellationToken cancellationToken) =>
        events.Length == 1 ? session.InsertEventAsync(events[0], cancellationToken) : session.InsertEventsAsync(events, cancellationToken);
}
