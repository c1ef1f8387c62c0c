using System.Globalization;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>How a verdict and its figures read in a line: shared by the verdict page, the progress lines and the comparer.</summary>
public static class VerdictText
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>"BatchingPipeline (winner)", "equivalent within ±10%: A, B (choose A)", "undecided: A, B (B 0.97 [0.88–1.07])".</summary>
    public static string Of(ProfileVerdict verdict)
    {
        ArgumentNullException.ThrowIfNull(verdict);
        return verdict.Kind switch
        {
            VerdictKind.Winner => $"{verdict.Leader} (winner)",
            VerdictKind.Equivalent => $"equivalent: {string.Join(", ", verdict.Set)}{(verdict.Set.Count > 1 ? $" (choose {verdict.Recommended})" : "")}",
            _ => Undecided(verdict.Leader, verdict.Set, verdict.Standings),
        };
    }

    /// <summary>A suite row's race: "GroupCommit (winner)", "equivalent: A, B", "undecided: A leads B 0.97 [0.88–1.07]".</summary>
    public static string Of(RaceVerdict verdict)
    {
        ArgumentNullException.ThrowIfNull(verdict);
        return verdict.Kind switch
        {
            VerdictKind.Winner => $"{verdict.Leader} (winner)",
            VerdictKind.Equivalent => $"equivalent: {string.Join(", ", verdict.Set)}",
            _ => Undecided(verdict.Leader, verdict.Set, verdict.Standings),
        };
    }

    private static string Undecided(string leader, IReadOnlyList<string> set, IReadOnlyList<ContenderStanding> standings) =>
        $"undecided: {leader} leads {string.Join(", ", standings.Where(s => set.Contains(s.Contender)).OrderByDescending(s => s.Ratio?.Estimate ?? 0).Take(3).Select(s => $"{s.Contender} {Ratio(s.Ratio)}"))}{(set.Count > 4 ? $" and {set.Count - 4} more" : "")}";

    /// <summary>"0.97 [0.88–1.07]", "0.42 (qualifying round)", "-".</summary>
    public static string Ratio(Interval? ratio) => ratio is null ? "-"
        : ratio.HasBounds ? string.Create(Invariant, $"{ratio.Estimate:0.00} [{ratio.Lower:0.00}–{Bound(ratio.Upper!.Value)}]")
        : string.Create(Invariant, $"{ratio.Estimate:0.00} ({(ratio.Samples <= 1 ? "one round" : $"{ratio.Samples} rounds")})");

    // An interval from a few rounds at a small share of the error rate can reach far past any ratio worth printing.
    private static string Bound(double upper) => upper > 99 ? "99+" : upper.ToString("0.00", Invariant);

    /// <summary>"12,300 [11,900–12,700]", "12,300 (one round)".</summary>
    public static string Rate(Interval? rate) => rate is null ? "-"
        : rate.HasBounds ? string.Create(Invariant, $"{rate.Estimate:N0} [{rate.Lower:N0}–{rate.Upper:N0}]")
        : string.Create(Invariant, $"{rate.Estimate:N0} (one round)");

    /// <summary>Why a contender lost to the leader, in a few words.</summary>
    public static string Lost(ContenderStanding standing)
    {
        ArgumentNullException.ThrowIfNull(standing);
        if (standing.Disqualified is { } why)
        {
            return $"{standing.Contender}: {why}";
        }

        var how = standing.Exit is { Reason: RaceExitReason.Hopeless } hopeless ? hopeless.ErrorRates is null ? $"left {HopelessWhen(hopeless)}" : HopelessWhen(hopeless)
            : standing.Exit is { Reason: RaceExitReason.Behind, AfterRounds: var after } ? $"{(standing.Decision == PairDecision.Behind ? "behind by more than the margin" : "separably slower")}, left at the look after {after} rounds"
            : standing.Decision == PairDecision.Behind ? "behind by more than the margin"
            : standing.Decision == PairDecision.Slower ? "slower"
            : standing.Decision == PairDecision.Equivalent ? "equivalent"
            : "undecided";
        return $"{standing.Contender} {Ratio(standing.Ratio)}, {how}";
    }

    /// <summary>When a hopeless contender left: after the first race round confirmed its qualifying round, or after the qualifying round (far below, or in runs before the confirmation).</summary>
    public static string HopelessWhen(RaceExit exit)
    {
        ArgumentNullException.ThrowIfNull(exit);
        return exit.ErrorRates is null
            ? exit.AfterRounds == 0 ? "after the qualifying round" : "after the qualifying and first race rounds"
            : exit.AfterRounds == 0 ? "cut after the qualifying round" : "cut after the qualifying and first race rounds";
    }
}
