namespace EventCommitLab.Engine.Racing;

/// <summary>At a look, the race ends when every group that must decide has ended, or when its rounds have run out.</summary>
internal sealed class RaceEndRule : IRaceRule
{
    public void Apply(RaceState state)
    {
        var deciding = state.Groups.Where(g => g.MustDecide).ToArray();
        if (deciding.All(g => state.GroupEnds.ContainsKey(g.Name)))
        {
            var ends = deciding.Select(g => state.GroupEnds[g.Name].End).ToArray();
            state.End = ends.All(e => e == RaceEnd.Decided) ? RaceEnd.Decided
                : ends.Any(e => e == RaceEnd.Futile) ? RaceEnd.Futile
                : RaceEnd.NoContenders;
        }
        else if (state.Rounds >= state.Settings.MaximumRounds)
        {
            state.EndRace(RaceEnd.OutOfRounds);
        }
    }
}
