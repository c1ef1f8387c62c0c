namespace EventCommitLab.Engine.Racing;

/// <summary>After the qualifying round, a race none of whose groups that must decide has a contender left ends there.</summary>
internal sealed class NoContendersRule : IRaceRule
{
    public void Apply(RaceState state)
    {
        if (state.Groups.Where(g => g.MustDecide).All(g => !state.Members(g.Name).Any()))
        {
            state.EndRace(RaceEnd.NoContenders);
        }
    }
}
