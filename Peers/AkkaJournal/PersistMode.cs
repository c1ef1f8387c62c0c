namespace EventCommitLab.Peers.AkkaJournal;

/// <summary>
/// How a persistent actor hands its events to the journal, after Akka's four calls. The lab's strategies are driven in
/// the same four ways (see the journal suite), so that one table compares like with like.
/// </summary>
public enum PersistMode
{
    /// <summary>One event per write; the actor waits for it before the next command.</summary>
    Persist,

    /// <summary>Commands gathered into groups of <see cref="JournalBenchActor.GroupSize"/>, one awaited atomic write per group.</summary>
    PersistAll,

    /// <summary>One event per command, not awaited: events issued while a write is in flight go in the next one.</summary>
    PersistAsync,

    /// <summary>Groups of <see cref="JournalBenchActor.GroupSize"/>, not awaited.</summary>
    PersistAllAsync,
}
