using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Engine.Statistics;

/// <summary>
/// How a race's group is judged once it is over, the same for a main-job profile and a suite's row: members with a
/// reason not to be judged (failed, a broken claim, a wrong read-back) are set aside; the standing is that of the
/// members still racing at the end (or of every judged one, when none is); every other member is compared with the
/// leader over the rounds both ran, and one that left as separably slower stays a loser.
/// </summary>
/// <remarks>
/// The race's exits are final: compared again with the final leader over the few rounds they shared, a member that left
/// would be undecided only for want of rounds the race chose not to spend. A group is judged over the rounds it ended
/// with (<see cref="GroupEnd"/>): a member that left after them was still racing when the group was decided.
/// </remarks>
public static class GroupJudgement
{
    /// <param name="members">The group's members, in the order their standings are listed.</param>
    /// <param name="rounds">A member's race rounds, null where it did not run.</param>
    /// <param name="exit">When and why a member left the race, or null.</param>
    /// <param name="qualifying">A member's qualifying figure, for the ratio of one with no round paired with the leader's.</param>
    /// <param name="disqualified">Why a member is not judged, or null.</param>
    /// <param name="judgedRounds">The race rounds the group is judged over (<see cref="Race.JudgedRounds"/>); null for all a member ran.</param>
    /// <returns>Null when no judged member has a race round.</returns>
    public static (GroupStanding Standing, IReadOnlyList<ContenderStanding> Others)? Judge(
        IReadOnlyList<string> members, Func<string, IReadOnlyList<double?>> rounds, Func<string, RaceExit?> exit, Func<string, double?> qualifying,
        Func<string, string?> disqualified, RaceSettings settings, int? judgedRounds = null)
    {
        ArgumentNullException.ThrowIfNull(members);
        ArgumentNullException.ThrowIfNull(rounds);
        ArgumentNullException.ThrowIfNull(exit);
        ArgumentNullException.ThrowIfNull(qualifying);
        ArgumentNullException.ThrowIfNull(disqualified);
        if (judgedRounds is { } judgedOver)
        {
            var allRounds = rounds;
            var allExits = exit;
            rounds = m => [.. allRounds(m).Take(judgedOver)];
            exit = m => allExits(m) is { } e && (e.AfterRounds < judgedOver || e.Reason is RaceExitReason.Failed or RaceExitReason.Hopeless) ? e : null;
        }

        var judged = members.Where(m => disqualified(m) is null).ToArray();
        var finalists = judged.Where(m => exit(m) is null).ToArray();
        var standing = GroupStanding.Of((finalists.Length > 0 ? finalists : judged).ToDictionary(m => m, rounds, StringComparer.Ordinal), settings);
        if (standing is null)
        {
            return null;
        }

        var leader = standing.Leader;
        var others = members.Where(m => m != leader).Select(m =>
        {
            var why = disqualified(m);
            var comparison = why is not null ? null : standing.Comparisons.GetValueOrDefault(m) ?? PairedComparison.Of(rounds(m), rounds(leader), settings);
            var decision = comparison?.Decision;
            if (why is null && exit(m) is { Reason: RaceExitReason.Behind } && decision is not PairDecision.Behind)
            {
                decision = PairDecision.Slower;
            }

            var ratio = comparison?.Ratio
                ?? (qualifying(m) is > 0 and var mine && qualifying(leader) is > 0 and var theirs ? new Interval(mine / theirs, null, null, 1) : null);
            return new ContenderStanding(m, decision, ratio, exit(m), why);
        }).ToArray();
        return (standing, others);
    }
}
