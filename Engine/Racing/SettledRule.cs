namespace EventCommitLab.Engine.Racing;

/// <summary>At a look, a contender every one of whose groups has ended runs no further round: nothing it runs is judged.</summary>
internal sealed class SettledRule : IRaceRule
{
    public void Apply(RaceState state)
    {
        foreach (var entrant in state.Entrants.Where(e => e.Groups.Count > 0 && !e.Pinned && state.IsRunning(e.Name)
                     && e.Groups.All(g => state.GroupEnds.ContainsKey(g) || !state.MustDecide(g))
                     && e.Groups.Any(state.GroupEnds.ContainsKey)).ToArray())
        {
            state.Leave(entrant.Name, new RaceExit(RaceExitReason.Settled, state.Rounds));
        }
    }
}
