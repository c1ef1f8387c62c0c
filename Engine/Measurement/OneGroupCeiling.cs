using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The ceiling's one-group variant: handed a whole group (a wave, or in sustained load one commit per committer per
/// call), it writes the group with the store's own batch statement (one round trip, one flush; the store numbers the
/// rows) and waits for it. No strategy is around it: no queue, no retry, no split. It bounds the strategies that write
/// through that statement one group at a time, which a raw insert carrying every row's number did not (it was beaten).
/// </summary>
internal sealed class OneGroupCeiling(IEventLog store) : RawCeiling(store)
{
    public const string VariantName = EnvelopeName + ":OneGroup";

    public override string Name => VariantName;

    public override bool TakesWholeGroups => true;

    protected override async Task<IReadOnlyList<CommitOutcome>> WriteGroupAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(group);
        var answers = await Store.WriteBatchAsync(group, cancellationToken).ConfigureAwait(false);
        var outcomes = new CommitOutcome[group.Count];
        for (var i = 0; i < group.Count; i++)
        {
            var request = group[i];
            outcomes[i] = answers[i].FirstSequenceNumber is { } first
                ? CommitOutcome.Committed(request, new CommitResult(request.CommitId, [.. Enumerable.Range(0, request.Events.Count).Select(n => first + n)], request.NextAggregateVersion))
                : CommitOutcome.Failed(request, new InvalidOperationException($"The store's batch statement left commit {request.CommitId} out; the ceiling checks nothing, so nothing should be left out."));
        }

        Written(group.Where((_, i) => answers[i].FirstSequenceNumber is not null).Sum(r => r.Events.Count));
        return outcomes;
    }
}
