namespace EventCommitLab.Engine.Racing;

/// <summary>A contender whose turn in the round just recorded failed leaves, and is not judged.</summary>
internal sealed class FailedTurnRule : IRaceRule
{
    public void Apply(RaceState state)
    {
        foreach (var name in state.LastRound.Where(f => f.Value is not > 0).Select(f => f.Key).Where(state.IsRunning).ToArray())
        {
            state.Leave(name, new RaceExit(RaceExitReason.Failed, state.Rounds));
        }
    }
}
