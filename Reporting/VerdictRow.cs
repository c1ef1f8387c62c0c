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
            VerdictKind.Winner => $"**{verdict.Leader}** wins",
            VerdictKind.Equivalent => $"equivalent: {Names(verdict.Set, verdict.Recommended)}",
            _ => $"undecided ({End(end)}{MoreRounds(record, cell, verdict)}): {VerdictText.Of(verdict)["undecided: ".Length..]}",
        };
        var latency = chosen?.Writes.CommitLatency ?? chosen?.Writes.GroupLatency;
        var lost = verdict.Standings.Where(s => !verdict.Set.Contains(s.Contender))
            .OrderBy(s => s.Disqualified is null ? 0 : 1).ThenByDescending(s => s.Ratio?.Estimate ?? 0).FirstOrDefault();
        var factor = FactorOverCurrent(record, cell.Cell, verdict.Recommended) is { } f ? string.Create(Invariant, $"{f.Estimate:0.0}x") : "-";
        var ceiling = chosen?.Race.RatioToCeiling is { } c ? string.Create(Invariant, $"{c.Estimate:0.00}") : "-";
        var rate = chosen?.Race.EventsPerSecond is { } r ? string.Create(Invariant, $"{r.Estimate:N0}") : "-";
        // The comparisons the verdict rests on: those over race rounds (a contender that left after the qualifying round
        // left by a threshold far outside the noise, not by a test).
        var comparisons = verdict.Standings.Count(s => s.Disqualified is null && s.Decision is not null);
        var errs = record.Environment.Measurement.Race is { } race && comparisons > 0 ? string.Create(Invariant, $"{Math.Min(1, comparisons * race.ErrorRate):0%}") : "-";
        table.Row(
            $"{label}", $"{text}", $"{errs}", $"{rate}", $"{factor}", $"{ceiling}", $"{LatencyText.Of(latency)}", $"{(chosen is null ? "-" : Kept(record, chosen))}",
            $"{(lost is null ? "-" : VerdictText.Lost(lost))}");
    }

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

        return LogStatistics.PairedRatio(chosen.Race.RoundEventsPerSecond, baseline.Race.RoundEventsPerSecond, CellAnalysis.ErrorRate)
            ?? (chosen.Race.QualifyingEventsPerSecond is > 0 && baseline.Race.QualifyingEventsPerSecond is > 0
                ? new Interval(chosen.Race.QualifyingEventsPerSecond.Value / baseline.Race.QualifyingEventsPerSecond.Value, null, null, 1)
                : null);
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
