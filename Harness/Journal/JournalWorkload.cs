using EventCommitLab.Peers.AkkaJournal;

namespace EventCommitLab.Harness.Journal;

/// <summary>One row of the original journal benchmark: how many actors, how many commands each, persisted how (or recovered).</summary>
/// <param name="Name">The original's test name (Persist, PersistGroup100, RecoveringFour ...).</param>
/// <param name="Actors">Concurrent actors (writers), or concurrent recovering readers, each on its own stream.</param>
/// <param name="MessagesPerActor">Events each actor persists, or each reader replays.</param>
/// <param name="Recovers">True for the Recovering rows: the streams are written once, untimed, and each iteration replays them.</param>
/// <param name="Original">The original table's PostgreSQL 15 figures for this test; for shape only (another machine).</param>
public sealed record JournalWorkload(string Name, PersistMode Mode, int Actors, int MessagesPerActor, bool Recovers, OriginalJournalFigures Original)
{
    public long Messages => (long)Actors * MessagesPerActor;

    /// <summary>The original's workloads at <paramref name="messages"/> events, with its per-actor counts for the groups (min(messages / k, cap)).</summary>
    public static IReadOnlyList<JournalWorkload> All(int messages)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(messages, 1);
        JournalWorkload Group(int actors, int divisor, int cap, double sqlTagTable, double postgreSqlPlugin) =>
            new($"PersistGroup{actors}", PersistMode.Persist, actors, Math.Max(1, Math.Min(messages / divisor, cap)), false, new(sqlTagTable, postgreSqlPlugin));
        JournalWorkload Recovering(string name, int readers, double sqlTagTable, double postgreSqlPlugin) =>
            new(name, PersistMode.PersistAll, readers, messages, true, new(sqlTagTable, postgreSqlPlugin));
        return
        [
            new("Persist", PersistMode.Persist, 1, messages, false, new(395, 368)),
            new("PersistAll", PersistMode.PersistAll, 1, messages, false, new(13_528, 1_909)),
            new("PersistAsync", PersistMode.PersistAsync, 1, messages, false, new(12_740, 4_455)),
            new("PersistAllAsync", PersistMode.PersistAllAsync, 1, messages, false, new(14_040, 9_557)),
            Group(10, 10, 1000, 2_007, 1_988),
            Group(25, 25, 1000, 3_635, 3_595),
            Group(50, 50, 1000, 5_815, 4_302),
            Group(100, 100, 1000, 9_431, 3_698),
            Group(200, 100, 500, 14_369, 4_091),
            Group(400, 100, 500, 14_279, 4_423),
            Recovering("Recovering", 1, 114_976, 78_549),
            Recovering("RecoveringTwo", 2, 42_127, 37_348),
            Recovering("RecoveringFour", 4, 50_819, 52_139),
            Recovering("Recovering8", 8, 56_559, 57_855),
        ];
    }
}
