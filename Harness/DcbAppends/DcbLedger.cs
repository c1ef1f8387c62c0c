using System.Collections.Concurrent;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>What the callers of one log were told, append by append: the verifier's other half beside the database.</summary>
public sealed class DcbLedger
{
    private readonly ConcurrentQueue<DcbLedgerEntry> _entries = new();

    public IReadOnlyCollection<DcbLedgerEntry> Entries => _entries;

    public void Record(DcbLedgerEntry entry) => _entries.Enqueue(entry);
}
