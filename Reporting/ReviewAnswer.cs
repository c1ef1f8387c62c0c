using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Strategies;

namespace EventCommitLab.Reporting;

/// <summary>
/// The verdict page's first screen, the answer by a review's own constraints: a row per writer processes and numbers
/// (a guarantee profile, so a strategy unsafe for them is never their answer) and commit method, a column per committer
/// count; each cell names the choice of most of the rows under it (loads and events per commit), what it gains over the
/// current implementation at least, the nearest other strategy there, and its worst p99. Contended rows follow, a row
/// per command mode. Generated from the verdicts.
/// </summary>
internal static class ReviewAnswer
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        var verdicts = record.Verdicts ?? [];
        var md = new StringBuilder();
        md.AppendLine("## Your answer").AppendLine();
        var profiles = GuaranteeProfile.All.Where(p => verdicts.Any(v => v.For(p.Id) is not null)).ToArray();
        if (profiles.Length == 0)
        {
            md.AppendLine("This run has no verdicts (it was made before the race, or judged no strategy).");
            return md.ToString();
        }

        md.AppendLine("Find your writer processes and numbers, then your committers. A cell names the choice in most rows under it");
        md.AppendLine(Invariant, $"({Loads(verdicts)}; {Events(verdicts)} events per commit), its least gain over the current implementation, the nearest other");
        md.AppendLine("option (events/s over the choice's; an equivalent one may read above 1: the set's preferred design is chosen) and the choice's worst p99.").AppendLine();
        var uncontended = verdicts.Where(v => v.Aggregates is null).ToArray();
        var committers = uncontended.Select(v => v.Committers).Distinct().Order().ToArray();
        var table = new MarkdownTable().Left(["Writers · numbers · commits", .. committers.Select(c => $"{c} committer{(c == 1 ? "" : "s")}")]);
        foreach (var profile in profiles)
        {
            foreach (var group in uncontended.GroupBy(v => (v.Method, v.Durability)).OrderBy(g => g.Key.Method).ThenBy(g => VerdictWriter.DurabilityOrder(record, g.Key.Durability)))
            {
                var label = $"{ReviewConstraints.Of(profile, record)} · {Method(group.Key.Method)}{(group.Key.Durability is { } d ? $" · {d}" : "")}";
                table.Row([$"{label}", .. committers.Select(c => (FormattableString)$"{Cell(record, profile, [.. group.Where(v => v.Committers == c)])}")]);
            }
        }

        table.WriteTo(md).AppendLine();
        foreach (var contended in verdicts.Where(v => v.Aggregates is not null).GroupBy(v => (v.Load, v.Method, v.NumberOfEvents, v.Committers, v.Aggregates, v.Durability)))
        {
            var (load, method, events, count, aggregates, durability) = contended.Key;
            md.AppendLine(Invariant, $"{count} committers sharing {aggregates} aggregates ({VerdictWriter.Load(load).ToLowerInvariant()}, {Method(method)}, {events} event{(events == 1 ? "" : "s")} per commit{(durability is { } d ? $", {d}" : "")}), by how your commands run:").AppendLine();
            var modes = new MarkdownTable().Left(["Commands", .. profiles.Select(p => ReviewConstraints.Of(p, record))]);
            foreach (var row in contended.OrderBy(v => v.Commands))
            {
                modes.Row([$"{Commands(row.Commands)}", .. profiles.Select(p => (FormattableString)$"{Cell(record, p, [row])}")]);
            }

            modes.WriteTo(md).AppendLine();
        }

        return md.ToString();
    }

    /// <summary>The choice of most decided rows (ties: the catalog's order), then the least it gains, the nearest option and its worst p99 over those rows.</summary>
    private static string Cell(RunRecord record, GuaranteeProfile profile, IReadOnlyList<CellVerdict> rows)
    {
        var judged = rows.Select(r => (Row: r, Verdict: r.For(profile.Id))).Where(r => r.Verdict is not null).ToArray();
        if (judged.Length == 0)
        {
            return "";
        }

        var decided = judged.Where(r => r.Verdict!.Kind != VerdictKind.Undecided).ToArray();
        if (decided.Length == 0)
        {
            var leaders = string.Join(", ", judged.Select(r => r.Verdict!.Leader).Distinct());
            return $"*undecided* in {Rows(judged.Length)} (leading: {leaders})";
        }

        var order = record.Strategies.Select(s => s.Strategy).ToList();
        var choice = decided.GroupBy(r => r.Verdict!.Recommended).OrderByDescending(g => g.Count()).ThenBy(g => order.IndexOf(g.Key)).First();
        var chosenRows = choice.Select(r => r.Row).ToArray();
        // A cell of one row needs no count.
        var parts = new List<string> { judged.Length == 1 ? $"**{choice.Key}**" : $"**{choice.Key}**: {choice.Count()} of {Rows(judged.Length)}{Elsewhere(decided, choice.Key, judged.Length - decided.Length)}" };
        if (choice.Key != StrategyCatalog.Baseline
            && chosenRows.Select(r => VerdictRow.FactorOverCurrent(record, r.Cell, choice.Key)).OfType<Interval>().OrderBy(f => f.Estimate).FirstOrDefault() is { } least)
        {
            parts.Add($"× current ≥ {VerdictRow.Factor(least)}");
        }

        var nearest = choice.SelectMany(r => r.Verdict!.Standings.Where(s => s.Contender != choice.Key && s.Disqualified is null && s.Ratio is not null)
                .Select(s => (r.Row, Standing: s)))
            .OrderByDescending(s => s.Standing.Ratio!.Estimate).FirstOrDefault();
        if (nearest.Standing is { } next)
        {
            var equivalent = next.Decision == PairDecision.Equivalent ? " (equivalent)" : "";
            parts.Add($"nearest: {next.Contender} {VerdictText.Ratio(next.Ratio)}{equivalent}{(chosenRows.Length > 1 ? $" in {Where(nearest.Row)}" : "")}");
        }

        var p99 = chosenRows.Select(r => VerdictRow.Case(record, r.Cell, choice.Key)).Select(c => (c?.Writes.CommitLatency ?? c?.Writes.GroupLatency)?.P99Ms).OfType<double>().DefaultIfEmpty().Max();
        if (p99 > 0)
        {
            parts.Add($"p99 ≤ {LatencyText.Ms(p99)} ms");
        }

        return string.Join("<br>", parts);
    }

    private static string Elsewhere(IReadOnlyList<(CellVerdict Row, ProfileVerdict? Verdict)> decided, string choice, int undecided)
    {
        var others = decided.Where(r => r.Verdict!.Recommended != choice).GroupBy(r => r.Verdict!.Recommended)
            .Select(g => $"{g.Key} in {string.Join(", ", g.Select(r => Where(r.Row)))}").ToArray();
        var notes = others.Concat(undecided > 0 ? [$"{undecided} undecided"] : []).ToArray();
        return notes.Length == 0 ? "" : $" ({string.Join("; ", notes)})";
    }

    private static string Rows(int count) => count == 1 ? "1 row" : string.Create(Invariant, $"{count} rows");

    /// <summary>"waves · 10 ev." or "sustained · 100 ev.": which row of a cell a figure is from.</summary>
    private static string Where(CellVerdict row) => string.Create(Invariant, $"{row.Load.ToString().ToLowerInvariant()} · {row.NumberOfEvents} ev.");

    private static string Loads(IReadOnlyList<CellVerdict> verdicts) =>
        string.Join(" and ", verdicts.Select(v => v.Load).Distinct().Order().Select(l => l == LoadKind.Waves ? "waves" : "sustained load"));

    private static string Events(IReadOnlyList<CellVerdict> verdicts)
    {
        var events = verdicts.Where(v => v.Aggregates is null).Select(v => v.NumberOfEvents).Distinct().Order().Select(e => e.ToString(Invariant)).ToArray();
        return events.Length <= 1 ? string.Concat(events) : $"{string.Join(", ", events[..^1])} and {events[^1]}";
    }

    private static string Commands(CommandMode commands) => commands switch
    {
        CommandMode.Optimistic => "optimistic (stateless callers retry conflicts)",
        CommandMode.Owned => "owned (one owner per aggregate, one command at a time)",
        CommandMode.Pipelined => "pipelined (the owner sends its next commit before the last is acknowledged)",
        _ => commands.ToString(),
    };

    internal static string Method(BenchmarkMethod method) => method switch
    {
        BenchmarkMethod.CommitEvents => "plain commits",
        BenchmarkMethod.CommitAggregateEvents => "aggregate commits",
        BenchmarkMethod.CommitConditionalEvents => "conditional commits",
        _ => method.ToString(),
    };
}
