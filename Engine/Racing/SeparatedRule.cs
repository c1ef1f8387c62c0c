namespace EventCommitLab.Engine.Racing;

/// <summary>
/// At a look, a rival separably slower than every member still in contention in each group it still races in leaves
/// (<see cref="GroupStanding.Separated"/>), with the share of each group's error rate its decision was taken at: its
/// standing against whichever member a group chooses rests on their own rounds. A group that has ended asks nothing
/// more of it.
/// </summary>
internal sealed class SeparatedRule : IRaceRule
{
    public void Apply(RaceState state)
    {
        var standings = state.Groups.Where(g => g.MustDecide && !state.GroupEnds.ContainsKey(g.Name))
            .Select(g => (g.Name, Standing: state.Standing(g.Name)))
            .Where(s => s.Standing is not null)
            .ToDictionary(s => s.Name, s => s.Standing!, StringComparer.Ordinal);
        foreach (var entrant in state.Entrants.Where(e => e.Groups.Count > 0 && !e.Pinned && state.IsRunning(e.Name)).ToArray())
        {
            var racing = entrant.Groups.Where(g => state.MustDecide(g) && !state.GroupEnds.ContainsKey(g)).ToArray();
            if (racing.Length > 0 && racing.All(g => standings.TryGetValue(g, out var s) && s.Separated.Contains(entrant.Name)))
            {
                state.Leave(entrant.Name, new RaceExit(RaceExitReason.Behind, state.Rounds,
                    racing.ToDictionary(g => g, g => standings[g].Comparisons[entrant.Name].ErrorRate, StringComparer.Ordinal)));
            }
        }
    }
}
