using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Engine.Results;

/// <summary>One member of a profile against the profile's choice in one cell (in runs made before rows spent one error rate: against its leader).</summary>
/// <param name="Decision">
/// What the verdict says of it: <see cref="PairDecision.Equivalent"/> for a member of the equivalent set (within the margin
/// of the leader), else what its own rounds beside the choice's decided (slower, behind, undecided); null when it ran no
/// round beside the choice (it failed, or broke a guarantee).
/// </param>
/// <param name="Ratio">Its events/s over the choice's: paired race rounds, or the cut's windows (no interval).</param>
/// <param name="Exit">Why it left the race before the end, if it did.</param>
/// <param name="Disqualified">Why it is not judged although it claims the profile: it failed, or the verifier or a reader found a claim broken.</param>
/// <param name="ErrorRate">The chance, at most, that the decision is wrong: the share of its row's error rate it was taken at; null in runs made before.</param>
public sealed record ContenderStanding(string Contender, PairDecision? Decision, Interval? Ratio, RaceExit? Exit, string? Disqualified, double? ErrorRate = null);
