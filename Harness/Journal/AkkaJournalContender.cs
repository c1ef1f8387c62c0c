using EventCommitLab.Peers.AkkaJournal;

namespace EventCommitLab.Harness.Journal;

/// <summary>The real Akka.Persistence.Sql journal as a column of the table.</summary>
internal sealed class AkkaJournalContender(AkkaJournalPeer peer) : IJournalContender
{
    public const string ContenderName = "Akka.Persistence.Sql";

    public string Name => ContenderName;

    public Task PersistAsync(IReadOnlyList<string> streams, PersistMode mode, int messagesPerStream, CancellationToken cancellationToken) =>
        peer.PersistGroupAsync(streams, mode, messagesPerStream, cancellationToken);

    public Task RecoverAsync(IReadOnlyList<string> streams, int messagesPerStream, CancellationToken cancellationToken) =>
        peer.RecoverAsync(streams, messagesPerStream, cancellationToken);

    public Task<IReadOnlyList<string>> VerifyAsync(IReadOnlyDictionary<string, int> expected, CancellationToken cancellationToken) =>
        peer.VerifyAsync(expected, cancellationToken);

    public ValueTask DisposeAsync() => peer.DisposeAsync();
}
