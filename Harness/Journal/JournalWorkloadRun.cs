using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Harness.Journal;

/// <summary>What one workload of the journal suite measured: a cell per contender, its verdict, and the race its rounds are in.</summary>
internal sealed record JournalWorkloadRun(IReadOnlyList<JournalCell> Cells, JournalVerdict? Verdict, Race Race)
{
    public List<(double? Recommended, double? Peer)> Paired(string recommended, string peer) =>
        Race.Entrants.Any(e => e.Name == recommended) && Race.Entrants.Any(e => e.Name == peer)
            ? [.. Race.RoundsOf(recommended).Zip(Race.RoundsOf(peer), (x, y) => (x, y))]
            : [];
}
