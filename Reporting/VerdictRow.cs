using System.Globalization;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Strategies;

namespace EventCommitLab.Reporting;

/// <summary>
/// A row of a verdict table: the verdict, the most it can be wrong, the chosen strategy's events/s, its factor over the
/// current implementation and its share of the ceiling, its latency, what the checks saw it keep, and the nearest
/// contender that lost.
/// </summary>
internal static class VerdictRow
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The row of one events x committers under one guarantee profile.</summary>
    public static void Add(MarkdownTable table, RunRecord record, CellVerdict cell, ProfileVerdict verdict, string label)
    {
        var chosen = Case(record, cell.Cell, verdict.Recommended);
        var end = verdict.End ?? cell.End;
        var text = verdict.Kind switch
        {
            VerdictKind.Winner => $"**{verdict.Leader}** wins{Errs(record, verdict)}",
            VerdictKind.Equivalent => $"equivalent: {Names(verdict.Set, verdict.Recommended)}{Errs(record, verdict)}",
            _ => $"undecided ({End(end)}{MoreRounds(record, cell, verdict)}): {VerdictText.Of(verdict)["undecided: ".Length..]}",
        };
        var latency = chosen?.Writes.CommitLatency ?? chosen?.Writes.GroupLatency;
        var lost = verdict.Standings.Where(s => !verdict.Set.Contains(s.Contender))
            .OrderBy(s => s.Disqualified is null ? 0 : 1).ThenByDescending(s => s.Ratio?.Estimate ?? 0).FirstOrDefault();
        var factor = FactorOverCurrent(record, cell.Cell, verdict.Recommended) is { } f ? Factor(f) : "-";
        var ceiling = chosen?.Race.RatioToCeiling is { } c ? VerdictText.Ratio(c) : "-";
        var rate = chosen?.Race.EventsPerSecond is { } r ? string.Create(Invariant, $"{r.Estimate:N0}") : "-";
        table.Row(
            $"{label}", $"{text}", $"{rate}", $"{factor}", $"{ceiling}", $"{LatencyText.Of(latency)}", $"{(chosen is null ? "-" : Kept(record, chosen))}",
            $"{(lost is null ? "-" : VerdictText.Lost(lost))}");
    }

    /// <summary>
    /// How likely a decided row is to be wrong, in words: the row's error rate, over every decision it rests on; in runs made
    /// before rows spent one error rate, the run's error rate once per comparison the verdict rests on.
    /// </summary>
    internal static string Errs(RunRecord record, ProfileVerdict verdict)
    {
        if (verdict.ErrorRate is { } rate)
        {
            return string.Create(Invariant, $"; wrong with at most {rate:0%} chance");
        }

        var comparisons = verdict.Standings.Count(s => s.Disqualified is null && s.Decision is not null);
        return record.Environment.Measurement.Race is { } race && comparisons > 0
            ? string.Create(Invariant, $"; each of its {comparisons} decisions wrong with at most {race.ErrorRate:0%} chance")
            : "";
    }

    /// <summary>"2.1x [1.9–2.3]", or marked as resting on one window (or two) where the current implementation left after the cuts.</summary>
    internal static string Factor(Interval factor) => factor.HasBounds
        ? string.Create(Invariant, $"{Times(factor.Estimate)} [{Times(factor.Lower!.Value)}–{Times(factor.Upper!.Value)}]")
        : string.Create(Invariant, $"{Times(factor.Estimate)} ({(factor.Samples <= 1 ? "one window" : $"{factor.Samples} windows")})");

    private static string Times(double x) => x >= 10 ? string.Create(Invariant, $"{x:0}x") : string.Create(Invariant, $"{x:0.0}x");

    /// <summary>
    /// For an undecided row, about how many more race rounds its open pairs need before every one of them decides (at the
    /// largest spread among them), from its recorded rounds; empty when that cannot be read.
    /// </summary>
    private static string MoreRounds(RunRecord record, CellVerdict cell, ProfileVerdict verdict)
    {
        if (record.Environment.Measurement.Race is not { } race || Case(record, cell.Cell, verdict.Leader) is not { } leader)
        {
            return "";
        }

        var spreads = verdict.Set.Where(s => s != verdict.Leader)
            .Select(s => Case(record, cell.Cell, s))
            .OfType<CaseResult>()
            .Select(c => LogStatistics.PairedLogs(c.Race.RoundEventsPerSecond, leader.Race.RoundEventsPerSecond))
            .Where(logs => logs.Length >= 2)
            .Select(logs => Math.Sqrt(logs.Sum(x => (x - logs.Average()) * (x - logs.Average())) / (logs.Length - 1)))
            .ToArray();
        var run = verdict.Rounds ?? cell.Rounds;
        return spreads.Length > 0 && Decidability.RoundsToDecideAnyPair(spreads.Max(), race) is { } needed && needed > run
            ? string.Create(Invariant, $"; about {needed - run} more rounds would decide it")
            : "";
    }

    /// <summary>A set's names, the chosen one bold and first, at most four named.</summary>
    private static string Names(IReadOnlyList<string> set, string chosen)
    {
        var names = set.Where(s => s != chosen).Prepend(chosen).ToArray();
        var shown = string.Join(", ", names.Take(4).Select(s => s == chosen ? $"**{s}**" : s));
        return names.Length > 4 ? $"{shown} and {names.Length - 4} more" : shown;
    }

    /// <summary>What the verifier and the readers saw the case keep in its cell.</summary>
    private static string Kept(RunRecord record, CaseResult c)
    {
        var claims = record.Strategies.FirstOrDefault(s => s.Strategy == c.Contender);
        var seen = new List<string>();
        if (c.Verification.Checked == VerificationKind.Verifier && c.Verification.Passed)
        {
            seen.Add("nothing lost or doubled");
            if (claims?.GapFreeSequence == true)
            {
                seen.Add("gap-free");
            }

            if (c.Cell.Method == BenchmarkMethod.CommitAggregateEvents)
            {
                seen.Add("versions held");
            }

            if (c.Cell.Method == BenchmarkMethod.CommitConditionalEvents)
            {
                seen.Add("conditions held");
            }
        }

        if (c.Readers.Naive is { } reader)
        {
            seen.Add(reader.Skipped == 0 ? "reader skipped none" : string.Create(Invariant, $"**reader skipped {reader.Skipped:N0}**"));
        }

        return seen.Count == 0 ? "not checked" : string.Join(", ", seen);
    }

    /// <summary>The strategy's events/s over the current implementation's in the same cell: paired race rounds, else their qualifying rounds.</summary>
    internal static Interval? FactorOverCurrent(RunRecord record, CellKey cell, string strategy)
    {
        if (Case(record, cell, strategy) is not { } chosen || Case(record, cell, StrategyCatalog.Baseline) is not { } baseline)
        {
            return null;
        }

        var paired = LogStatistics.PairedRatio(chosen.Race.RoundEventsPerSecond, baseline.Race.RoundEventsPerSecond, CellAnalysis.ErrorRate);
        if (paired is { HasBounds: true })
        {
            return paired;
        }

        // The current implementation left after the cuts: its windows beside the choice's, qualifying and (if it ran one)
        // the first race round, with no interval.
        var windows = new List<double>();
        if (chosen.Race.QualifyingEventsPerSecond is > 0 and var mine && baseline.Race.QualifyingEventsPerSecond is > 0 and var theirs)
        {
            windows.Add(Math.Log(mine / theirs));
        }

        if (paired is not null)
        {
            windows.Add(Math.Log(paired.Estimate));
        }

        return windows.Count == 0 ? null : new Interval(Math.Exp(windows.Average()), null, null, windows.Count);
    }

    internal static CaseResult? Case(RunRecord record, CellKey cell, string contender) =>
        record.Cases.FirstOrDefault(c => c.Cell == cell && c.Contender == contender);

    /// <summary>Why a race stopped, in words.</summary>
    internal static string End(RaceEnd? end) => end switch
    {
        RaceEnd.OutOfBudget => "budget spent",
        RaceEnd.OutOfRounds => "rounds spent",
        RaceEnd.Futile => "not decidable in the rounds left",
        RaceEnd.NoContenders => "nothing left to judge",
        RaceEnd.Decided => "decided",
        _ => "stopped",
    };
}
