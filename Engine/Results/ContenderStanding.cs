using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Engine.Results;

/// <summary>One member of a profile against the profile's leader in one cell.</summary>
/// <param name="Decision">What the paired race rounds say; null when it ran none beside the leader (it left after the qualifying round, failed, or broke a guarantee).</param>
/// <param name="Ratio">Its events/s over the leader's: paired race rounds, or for one that left after the qualifying round, that round's figures (no interval).</param>
/// <param name="Exit">Why it left the race before the end, if it did.</param>
/// <param name="Disqualified">Why it is not judged although it claims the profile: it failed, or the verifier or a reader found a claim broken.</param>
public sealed record ContenderStanding(string Contender, PairDecision? Decision, Interval? Ratio, RaceExit? Exit, string? Disqualified);
