namespace EventCommitLab.Engine.Racing;

/// <summary>
/// At a look, a group that need not decide (the ceiling's raw writers) goes on with its leader alone: its members raced
/// the look's rounds, which is what picks its leader, and every further round of the others would be spent on no verdict.
/// </summary>
internal sealed class OutrunRule : IRaceRule
{
    public void Apply(RaceState state)
    {
        foreach (var group in state.Groups.Where(g => !g.MustDecide))
        {
            var leader = state.Standing(group.Name)?.Leader;
            foreach (var member in state.Members(group.Name).Where(m => m != leader && state.Entrant(m) is { Groups.Count: 1, Pinned: false }).ToArray())
            {
                state.Leave(member, new RaceExit(RaceExitReason.Outrun, state.Rounds));
            }
        }
    }
}
