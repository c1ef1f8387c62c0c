using EventCommitLab.Contract;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The ceiling's per-commit variant: every committer writes its own commit in one auto-commit statement, on its own
/// connection, so the server's own group commit shares flushes among concurrent committers.
/// </summary>
internal sealed class PerCommitCeiling(IEventLog store) : RawCeiling(store)
{
    public const string VariantName = EnvelopeName + ":PerCommit";

    public override string Name => VariantName;

    public override bool TakesWholeGroups => false;

    protected override async Task<IReadOnlyList<CommitOutcome>> WriteGroupAsync(IReadOnlyList<CommitRequest> group, CancellationToken cancellationToken) =>
        group.Count == 1
            ? await WriteAsync(group, cancellationToken).ConfigureAwait(false)
            : (await Task.WhenAll(group.Select(r => WriteAsync([r], cancellationToken))).ConfigureAwait(false)).SelectMany(o => o).ToArray();
}
