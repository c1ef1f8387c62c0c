namespace EventCommitLab.Engine.Racing;

/// <summary>
/// At a look, each open group that must decide ends once it has its verdict (a winner, or an equivalent set); once a
/// member that left cannot be shown slower than its set (nothing more can decide it); or, from the second look on, once
/// some pair of it could no longer be decided in the rounds left (<see cref="Decidability"/>): its verdict then rests on
/// these rounds.
/// </summary>
internal sealed class GroupEndRule : IRaceRule
{
    public void Apply(RaceState state)
    {
        foreach (var group in state.Groups.Where(g => g.MustDecide && !state.GroupEnds.ContainsKey(g.Name)).ToArray())
        {
            var standing = state.Standing(group.Name);
            if (!state.Members(group.Name).Any())
            {
                state.EndGroup(group.Name, RaceEnd.NoContenders);
            }
            else if (standing is null || standing.Kind != VerdictKind.Undecided)
            {
                state.EndGroup(group.Name, RaceEnd.Decided);
            }
            else if (standing.Unresolved.Count > 0 || (state.Rounds > state.Settings.Looks[0] && !Decidable(state, group.Name, standing)))
            {
                state.EndGroup(group.Name, RaceEnd.Futile);
            }
        }
    }

    /// <summary>
    /// Whether every open pair of the group can still be decided by the horizon (asked from the second look on: the first
    /// look's spread is too rough to give up on): its chance of being decided there is at least <see cref="Decidability.FutileBelow"/>.
    /// </summary>
    private static bool Decidable(RaceState state, string group, GroupStanding standing)
    {
        if (state.PursuitIn(group) is not { } pursuit)
        {
            // No round left to decide in: the rounds or the budget end the race, and say which.
            return true;
        }

        foreach (var name in standing.Open.Where(standing.Comparisons.ContainsKey))
        {
            var logs = LogStatistics.PairedLogs(state.RoundsOf(name), state.RoundsOf(standing.Leader));
            var share = pursuit.LookErrorRate * standing.ShareOf(name);
            if (logs.Length >= RaceSettings.FirstLook && Decidability.ChanceDecidedBy(logs, pursuit.Horizon, share, state.Settings) < Decidability.FutileBelow)
            {
                return false;
            }
        }

        return true;
    }
}
