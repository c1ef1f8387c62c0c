using EventCommitLab.Peers.AkkaJournal;

namespace EventCommitLab.Harness.Journal;

/// <summary>One row of the original journal benchmark: how many actors, how many commands each, persisted how (or recovered).</summary>
/// <param name="Name">The original's test name (Persist, PersistGroup100, RecoveringFour ...).</param>
/// <param name="Actors">Concurrent actors (writers), or concurrent recovering readers, each on its own stream.</param>
/// <param name="MessagesPerActor">Events each actor persists, or each reader replays.</param>
/// <param name="Recovers">True for the Recovering rows: the streams are written once, untimed, and each iteration replays them.</param>
/// <param name="OriginalPostgres">The original table's PostgreSQL 15 figure in msg/s, where the issue quotes it; for shape only (another machine).</param>
public sealed record JournalWorkload(string Name, PersistMode Mode, int Actors, int MessagesPerActor, bool Recovers, double? OriginalPostgres)
{
    public long Messages => (long)Actors * MessagesPerActor;

    /// <summary>The original's workloads at <paramref name="messages"/> events, with its per-actor counts for the groups (min(messages / k, cap)).</summary>
    public static IReadOnlyList<JournalWorkload> All(int messages)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(messages, 1);
        JournalWorkload Group(int actors, int divisor, int cap, double? original = null) =>
            new($"PersistGroup{actors}", PersistMode.Persist, actors, Math.Max(1, Math.Min(messages / divisor, cap)), false, original);
        JournalWorkload Recovering(string name, int readers) => new(name, PersistMode.PersistAll, readers, messages, true, null);
        return
        [
            new("Persist", PersistMode.Persist, 1, messages, false, null),
            new("PersistAll", PersistMode.PersistAll, 1, messages, false, null),
            new("PersistAsync", PersistMode.PersistAsync, 1, messages, false, null),
            new("PersistAllAsync", PersistMode.PersistAllAsync, 1, messages, false, null),
            Group(10, 10, 1000),
            Group(25, 25, 1000),
            Group(50, 50, 1000),
            Group(100, 100, 1000),
            Group(200, 100, 500),
            Group(400, 100, 500, 4423),
            Recovering("Recovering", 1),
            Recovering("RecoveringTwo", 2),
            Recovering("RecoveringFour", 4),
            Recovering("Recovering8", 8),
        ];
    }
}
