using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>How a suite's page states its races: the rule they decide by, and each contender's exit in a figure's cell.</summary>
public static class SuiteRaceText
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>One paragraph: what a row's race is, when it looks, and what its verdicts mean.</summary>
    public static void AppendHowItDecides(StringBuilder md, RaceSettings race, string row, string figure)
    {
        ArgumentNullException.ThrowIfNull(md);
        ArgumentNullException.ThrowIfNull(race);
        md.AppendLine(Invariant,
            $"**How it decides**: each {row} is a race of its contenders on {figure}: a qualifying round (a warm-up: nobody leaves after it), then race rounds, " +
            $"at most {race.MaximumRounds}, every contender still racing once per round in a shuffled rotated order; at each look (after rounds {string.Join(", ", race.Looks)}) " +
            $"a contender separably slower than the leader leaves, and the race ends once it has its verdict. Two contenders are *equivalent* when both one-sided tests put " +
            $"their paired ratio within ±{race.Margin:P0}; a *winner* is separable from every other; *undecided* names who is still open when the rounds ran out. " +
            $"Each decision errs with at most {race.ErrorRate:P0} chance over all looks. [Method](../../docs/method.md).").AppendLine();
    }

    /// <summary>The row's verdict cell, with the rounds it took; "-" for a row without one.</summary>
    public static string Verdict(RaceVerdict? verdict) => verdict is null ? "-"
        : string.Create(Invariant, $"{VerdictText.Of(verdict)}, {verdict.Rounds} round{(verdict.Rounds == 1 ? "" : "s")}");

    /// <summary>" (left after 3 rounds)" for a contender that left its race as separably slower; empty otherwise.</summary>
    public static string Exit(RaceExit? exit) => exit is { Reason: RaceExitReason.Behind, AfterRounds: var after }
        ? string.Create(Invariant, $" (left after {after})")
        : "";
}
