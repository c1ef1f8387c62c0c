using EventCommitLab.Peers.AkkaJournal;

namespace EventCommitLab.Harness.Journal;

/// <summary>One column of the journal table: something that persists actors' streams and recovers them.</summary>
internal interface IJournalContender : IAsyncDisposable
{
    string Name { get; }

    /// <summary>Each stream written by its own actor at once, <paramref name="messagesPerStream"/> events each, the way <paramref name="mode"/> says.</summary>
    Task PersistAsync(IReadOnlyList<string> streams, PersistMode mode, int messagesPerStream, CancellationToken cancellationToken);

    /// <summary>Each stream replayed by its own reader at once; fails unless each replays exactly <paramref name="messagesPerStream"/> events in order.</summary>
    Task RecoverAsync(IReadOnlyList<string> streams, int messagesPerStream, CancellationToken cancellationToken);

    /// <summary>Reads what is stored: one line per stream that is not exactly its events, in order; empty when all are.</summary>
    Task<IReadOnlyList<string>> VerifyAsync(IReadOnlyDictionary<string, int> expected, CancellationToken cancellationToken);
}
