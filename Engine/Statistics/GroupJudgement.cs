using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Statistics;

/// <summary>
/// How a race's group is judged once it is over, the same for a main-job profile and a suite's row: members with a
/// reason not to be judged (failed, a broken claim, a wrong read-back) are set aside; the standing is that of the look
/// the group ended at (<see cref="GroupStanding"/>), over the rounds it ended with; the choice is the winner, in an
/// equivalent set the member first by a fixed preference (never by which member happened to lead), undecided the
/// leader so far; and every other member stands against the choice by their own rounds, at the error rate its decision
/// was taken at.
/// </summary>
public static class GroupJudgement
{
    /// <param name="members">The group's members, in the order their standings are listed.</param>
    /// <param name="rounds">A member's race rounds, null where it did not run.</param>
    /// <param name="exit">When and why a member left the race, or null.</param>
    /// <param name="qualifying">A member's qualifying figure.</param>
    /// <param name="disqualified">Why a member is not judged, or null.</param>
    /// <param name="group">The group's name, which the exits give their error rates by.</param>
    /// <param name="judgedRounds">The race rounds the group is judged over (<see cref="Race.JudgedRounds"/>).</param>
    /// <param name="rivals">The group's rivals, which its error rate was shared over (<see cref="Race.RivalsIn"/>).</param>
    /// <param name="preference">Within an equivalent set, lower is chosen first; it must not follow the rounds.</param>
    /// <returns>Null when no judged member has a race round.</returns>
    public static GroupVerdict? Judge(
        IReadOnlyList<string> members, Func<string, IReadOnlyList<double?>> rounds, Func<string, RaceExit?> exit, Func<string, double?> qualifying,
        Func<string, string?> disqualified, RaceSettings settings, string group, int judgedRounds, int rivals, Func<string, int> preference)
    {
        ArgumentNullException.ThrowIfNull(members);
        ArgumentNullException.ThrowIfNull(rounds);
        ArgumentNullException.ThrowIfNull(exit);
        ArgumentNullException.ThrowIfNull(qualifying);
        ArgumentNullException.ThrowIfNull(disqualified);
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(preference);
        var judged = members.Where(m => disqualified(m) is null)
            .Select(m => new GroupMember(m, [.. rounds(m).Take(judgedRounds)], qualifying(m), exit(m)))
            .ToDictionary(m => m.Name, StringComparer.Ordinal);
        var lookErrorRate = settings.LookErrorRate(judgedRounds, rivals);
        var standing = GroupStanding.Of([.. judged.Values], group, judgedRounds, lookErrorRate, settings);
        if (standing is null && judged.Values.Any(m => m.Exit is { Decided: true }))
        {
            // Every member still racing was set aside after the race (a broken claim, a wrong read-back): the race's exits
            // were decided against it, so the others are judged afresh over the rounds they ran, as if none had left.
            judged = judged.ToDictionary(m => m.Key, m => m.Value with { Exit = null }, StringComparer.Ordinal);
            standing = GroupStanding.Of([.. judged.Values], group, judgedRounds, lookErrorRate, settings);
        }

        if (standing is null)
        {
            return null;
        }

        var choice = standing.Kind == VerdictKind.Undecided ? standing.Leader : standing.Set.OrderBy(preference).ThenBy(n => n, StringComparer.Ordinal).First();
        var others = members.Where(m => m != choice).Select(m => disqualified(m) is { } why
            ? new ContenderStanding(m, null, null, exit(m), why)
            : Against(judged[m], judged[choice], standing, group, judgedRounds, settings)).ToArray();
        return new GroupVerdict(standing, choice, others);
    }

    /// <summary>One member's standing against the choice, by their own rounds.</summary>
    private static ContenderStanding Against(GroupMember member, GroupMember choice, GroupStanding standing, string group, int judgedRounds, RaceSettings settings)
    {
        var exit = member.Exit is { } e && (e.AfterRounds <= judgedRounds || e.Reason == RaceExitReason.Failed) ? e : null;
        if (exit is { Decided: true } && exit.ErrorRateIn(group) is { } rate)
        {
            if (exit.Reason == RaceExitReason.Hopeless)
            {
                return new ContenderStanding(member.Name, standing.Unresolved.Contains(member.Name) ? PairDecision.Undecided : PairDecision.Slower, CutWindows(member, choice, exit.AfterRounds), exit, null, rate);
            }

            var left = PairedComparison.Of([.. member.Rounds.Take(exit.AfterRounds)], [.. choice.Rounds.Take(exit.AfterRounds)], rate, settings);
            return new ContenderStanding(member.Name, left?.Decision, left?.Ratio ?? CutWindows(member, choice, 0), exit, null, rate);
        }

        if (exit is { Decided: true })
        {
            // Runs made before rows spent one error rate: the exit stands as it was, against the choice at the look's share.
            var old = PairedComparison.Of(member.Rounds, choice.Rounds, settings);
            var decision = exit.Reason == RaceExitReason.Behind && old?.Decision is not PairDecision.Behind ? PairDecision.Slower : old?.Decision;
            return new ContenderStanding(member.Name, decision, old?.Ratio ?? CutWindows(member, choice, 0), exit, null);
        }

        // Still racing when the group ended: a member of the set is within the margin of the leader, the others stand by
        // their comparison with the choice at the share the step-down gave them.
        var share = standing.Comparisons.GetValueOrDefault(member.Name)?.ErrorRate ?? standing.Comparisons.GetValueOrDefault(choice.Name)?.ErrorRate
            ?? settings.LookErrorRate(judgedRounds, 1);
        var comparison = PairedComparison.Of(member.Rounds, choice.Rounds, share, settings);
        var inSet = standing.Kind != VerdictKind.Undecided && standing.Set.Contains(member.Name);
        return new ContenderStanding(member.Name, inSet ? PairDecision.Equivalent : comparison?.Decision, comparison?.Ratio ?? CutWindows(member, choice, 0), exit, null, share);
    }

    /// <summary>A cut member's windows over the choice's: the qualifying window, and for the second cut the first race window too (their geometric mean, no interval).</summary>
    private static Interval? CutWindows(GroupMember member, GroupMember choice, int afterRounds)
    {
        var ratios = new List<double>();
        if (member.Qualifying is > 0 && choice.Qualifying is > 0)
        {
            ratios.Add(member.Qualifying.Value / choice.Qualifying.Value);
        }

        if (afterRounds >= 1 && member.Rounds.FirstOrDefault() is > 0 and var mine && choice.Rounds.FirstOrDefault() is > 0 and var theirs)
        {
            ratios.Add(mine / theirs);
        }

        return ratios.Count == 0 ? null : new Interval(Math.Exp(ratios.Average(Math.Log)), null, null, ratios.Count);
    }
}
