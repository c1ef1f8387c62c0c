using EventCommitLab.Harness.Racing;

namespace EventCommitLab.Harness.Results;

/// <summary>The verdict among the strategies of one guarantee profile in one cell.</summary>
/// <param name="Profile">The profile's id (<see cref="GuaranteeProfile"/>).</param>
/// <param name="Kind">Winner, equivalent set, or undecided.</param>
/// <param name="Leader">The fastest member (the highest geometric mean among those that ran every race round).</param>
/// <param name="Set">The winner alone; the leader and its equivalents; or the leader and every member not yet shown slower (undecided or equivalent).</param>
/// <param name="Recommended">
/// The member to choose: the winner; in a set, the member claiming the most guarantees (safe with several writer
/// processes first), the faster where they claim the same.
/// </param>
/// <param name="Standings">Every member claiming the profile but the leader, against the leader.</param>
public sealed record ProfileVerdict(string Profile, VerdictKind Kind, string Leader, IReadOnlyList<string> Set, string Recommended, IReadOnlyList<ContenderStanding> Standings);
