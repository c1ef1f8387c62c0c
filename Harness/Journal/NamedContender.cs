using EventCommitLab.Peers.AkkaJournal;

namespace EventCommitLab.Harness.Journal;

/// <summary>A contender shown under another name (the recovery rows' lab log).</summary>
internal sealed class NamedContender(string name, IJournalContender inner) : IJournalContender
{
    public string Name => name;

    public Task PersistAsync(IReadOnlyList<string> streams, PersistMode mode, int messagesPerStream, CancellationToken cancellationToken) =>
        inner.PersistAsync(streams, mode, messagesPerStream, cancellationToken);

    public Task RecoverAsync(IReadOnlyList<string> streams, int messagesPerStream, CancellationToken cancellationToken) =>
        inner.RecoverAsync(streams, messagesPerStream, cancellationToken);

    public Task<IReadOnlyList<string>> VerifyAsync(IReadOnlyDictionary<string, int> expected, CancellationToken cancellationToken) =>
        inner.VerifyAsync(expected, cancellationToken);

    public ValueTask DisposeAsync() => inner.DisposeAsync();
}
