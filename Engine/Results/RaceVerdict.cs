using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Engine.Results;

/// <summary>What one row's race decided among a suite's contenders, as results.json keeps it for the suite's page and the comparer.</summary>
/// <param name="Rounds">Race rounds the verdict rests on (the qualifying round not counted).</param>
/// <param name="End">Why the row's race ended.</param>
/// <param name="Kind">Winner, equivalent set, or undecided.</param>
/// <param name="Leader">The fastest contender still judged at the end.</param>
/// <param name="Set">The winner alone; the leader and its equivalents; or the leader and every contender not yet shown slower.</param>
/// <param name="Standings">Every other contender against the choice (runs made before rows spent one error rate: against the leader).</param>
/// <param name="Choice">The winner; in an equivalent set, the contender first in the race's order; undecided, the leader; null in runs made before.</param>
public sealed record RaceVerdict(int Rounds, RaceEnd? End, VerdictKind Kind, string Leader, IReadOnlyList<string> Set, IReadOnlyList<ContenderStanding> Standings, string? Choice = null)
{
    /// <summary>
    /// The verdict of <paramref name="race"/> among the entrants of <paramref name="group"/>, judged as the main job
    /// judges a profile (<see cref="GroupJudgement"/>): a contender that failed or that <paramref name="disqualified"/>
    /// names a reason for is not judged; within an equivalent set the choice is the contender first in the race's order.
    /// Null when no judged contender has a race round.
    /// </summary>
    public static RaceVerdict? Of(Race race, string group, Func<string, string?> disqualified)
    {
        ArgumentNullException.ThrowIfNull(race);
        ArgumentNullException.ThrowIfNull(disqualified);
        var members = race.Entrants.Where(e => e.Groups.Contains(group)).Select(e => e.Name).ToList();
        return GroupJudgement.Judge(
                members, race.RoundsOf, race.Exits.GetValueOrDefault, race.QualifyingFigure,
                name => disqualified(name) ?? (race.Exits.GetValueOrDefault(name)?.Reason == RaceExitReason.Failed ? "failed" : null), race.Settings,
                group, race.JudgedRounds(group), race.RivalsIn(group), members.IndexOf) is { } judged
            ? new RaceVerdict(race.JudgedRounds(group), race.GroupEnds.GetValueOrDefault(group)?.End ?? race.End, judged.Standing.Kind, judged.Standing.Leader,
                judged.Standing.Set, judged.Others, judged.Choice)
            : null;
    }
}
