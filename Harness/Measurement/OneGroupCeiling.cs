using EventCommitLab.Strategies.Contract;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Harness.Measurement;

/// <summary>
/// The ceiling's first variant: handed a whole group (a wave, or in sustained load ConcurrentBatches commits per call),
/// it writes the group in one auto-commit statement and waits for it: one round trip and one flush per group.
/// </summary>
internal sealed class OneGroupCeiling(IEventLog store) : RawCeiling(store)
{
    public const string VariantName = EnvelopeName + ":OneGroup";

    public override string Name => VariantName;

    public override bool TakesWholeGroups => true;

    public override async Task<IReadOnlyList<CommitOutcome>> CommitAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken) =>
        await WriteAsync(group, cancellationToken).ConfigureAwait(false);
}
