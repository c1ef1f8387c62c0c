using EventCommitLab.Harness.Racing;

namespace EventCommitLab.Harness.Results;

/// <summary>What one row's race decided among a suite's contenders, as results.json keeps it for the suite's page and the comparer.</summary>
/// <param name="Rounds">Race rounds run (the qualifying round not counted).</param>
/// <param name="End">Why the race ended.</param>
/// <param name="Kind">Winner, equivalent set, or undecided.</param>
/// <param name="Leader">The fastest contender still judged at the end.</param>
/// <param name="Set">The winner alone; the leader and its equivalents; or the leader and every contender not yet shown slower.</param>
/// <param name="Standings">Every other contender against the leader.</param>
public sealed record RaceVerdict(int Rounds, RaceEnd? End, VerdictKind Kind, string Leader, IReadOnlyList<string> Set, IReadOnlyList<ContenderStanding> Standings)
{
    /// <summary>
    /// The verdict of <paramref name="race"/> among the entrants of <paramref name="group"/>, as the main job judges a
    /// profile: a contender that failed or that <paramref name="disqualified"/> names a reason for is not judged; the
    /// standing is that of the contenders still racing at the end (or of every judged one, when none is), and one that
    /// left as separably slower stays a loser. Null when no judged contender has a race round.
    /// </summary>
    public static RaceVerdict? Of(Race race, string group, Func<string, string?> disqualified)
    {
        ArgumentNullException.ThrowIfNull(race);
        ArgumentNullException.ThrowIfNull(disqualified);
        var members = race.Entrants.Where(e => e.Groups.Contains(group)).Select(e => e.Name).ToArray();
        string? Why(string name) => disqualified(name) ?? (race.Exits.GetValueOrDefault(name)?.Reason == RaceExitReason.Failed ? "failed" : null);
        var judged = members.Where(n => Why(n) is null).ToArray();
        var finalists = judged.Where(n => !race.Exits.ContainsKey(n)).ToArray();
        var standing = GroupStanding.Of((finalists.Length > 0 ? finalists : judged).ToDictionary(n => n, race.RoundsOf, StringComparer.Ordinal), race.Settings);
        if (standing is null)
        {
            return null;
        }

        var leader = standing.Leader;
        var standings = members.Where(n => n != leader).Select(n =>
        {
            var exit = race.Exits.GetValueOrDefault(n);
            if (Why(n) is { } why)
            {
                return new ContenderStanding(n, null, null, exit, why);
            }

            var comparison = standing.Comparisons.GetValueOrDefault(n) ?? PairedComparison.Of(race.RoundsOf(n), race.RoundsOf(leader), race.Settings);
            var decision = exit is { Reason: RaceExitReason.Behind } && comparison?.Decision is not PairDecision.Behind ? PairDecision.Slower : comparison?.Decision;
            var ratio = comparison?.Ratio
                ?? (race.QualifyingFigure(n) is > 0 and var mine && race.QualifyingFigure(leader) is > 0 and var theirs
                    ? new Interval(mine / theirs, null, null, 1)
                    : null);
            return new ContenderStanding(n, decision, ratio, exit, null);
        }).ToArray();
        return new RaceVerdict(race.Rounds, race.End, standing.Kind, leader, standing.Set, standings);
    }
}
