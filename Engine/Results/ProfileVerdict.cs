using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Engine.Results;

/// <summary>The verdict among the strategies of one guarantee profile in one cell.</summary>
/// <param name="Profile">The profile's id (<see cref="GuaranteeProfile"/>).</param>
/// <param name="Kind">Winner, equivalent set, or undecided.</param>
/// <param name="Leader">
/// The fastest member by the comparisons' own statistic: among those measured in the most of the judged rounds, the one
/// whose lowest paired estimate against another is highest (<see cref="GroupStanding"/>).
/// </param>
/// <param name="Set">The winner alone; the leader and its equivalents; or the leader and every member not yet shown slower (undecided or equivalent).</param>
/// <param name="Recommended">
/// The member to choose (<see cref="Statistics.CellAnalysis.Preference"/>): the winner; in an equivalent set, the member
/// claiming the most guarantees, the first in the catalog where they claim the same; undecided, the leader so far.
/// (Runs made before rows spent one error rate chose among the set's members not separably slower than the leader, the
/// faster where they claimed the same; runs before that, within any set by claims.)
/// </param>
/// <param name="Standings">Every member claiming the profile but the choice, against the choice (runs made before rows spent one error rate: but the leader, against the leader).</param>
/// <param name="Rounds">The race rounds the verdict rests on: those the profile's race ended with; null in runs made before profiles ended apart.</param>
/// <param name="End">Why the profile's race ended; null in runs made before profiles ended apart (the cell's end then holds).</param>
/// <param name="ErrorRate">
/// The chance, at most, that the verdict is wrong in any decision it rests on (a decided row's; an undecided row claims
/// only the standings it decided); null in runs made before rows spent one error rate, whose decisions each erred with at
/// most the run's error rate.
/// </param>
public sealed record ProfileVerdict(
    string Profile, VerdictKind Kind, string Leader, IReadOnlyList<string> Set, string Recommended, IReadOnlyList<ContenderStanding> Standings,
    int? Rounds = null, RaceEnd? End = null, double? ErrorRate = null);
