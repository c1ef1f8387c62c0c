namespace EventCommitLab.Engine.Racing;

/// <summary>A reference (a contender judged in no group) leaves at the first look: measured up to there, never judged.</summary>
internal sealed class ReferenceRule : IRaceRule
{
    public void Apply(RaceState state)
    {
        foreach (var reference in state.Entrants.Where(e => e.Groups.Count == 0 && state.IsRunning(e.Name)).ToArray())
        {
            state.Leave(reference.Name, new RaceExit(RaceExitReason.Reference, state.Rounds));
        }
    }
}
