using System.Globalization;
using System.Text;
using EventCommitLab.Harness.Racing;
using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Reporting;

/// <summary>
/// "What to choose", the verdict page's first lines, generated from the verdicts: a line per load and method, the choice
/// by committers (committer counts with the same choice, decided the same way, said once), its guarantee profile's
/// choice after it where that differs, and a line per contended row.
/// </summary>
internal static class VerdictOpening
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        var verdicts = record.Verdicts ?? [];
        var md = new StringBuilder();
        md.AppendLine("## What to choose").AppendLine();
        if (verdicts.Count == 0)
        {
            md.AppendLine("This run has no verdicts (it was made before the race, or judged no strategy).");
            return md.ToString();
        }

        var profiles = GuaranteeProfile.All.Where(p => verdicts.Any(v => v.For(p.Id) is not null)).ToArray();
        md.AppendLine(Invariant,
            $"The fastest strategy per row that keeps *{profiles[0].Title.ToLowerInvariant()}*{string.Concat(profiles.Skip(1).Select(p => $"; ↳ the fastest that keeps *{p.Title.ToLowerInvariant()}*, where it differs"))}. **Bold**: the row decided it; *italic*: undecided, the leader so far.").AppendLine();
        foreach (var group in verdicts.Where(v => v.Aggregates is null).GroupBy(v => (v.Load, v.Method, v.Durability))
            .OrderBy(g => g.Key.Load).ThenBy(g => g.Key.Method).ThenBy(g => VerdictWriter.DurabilityOrder(record, g.Key.Durability)))
        {
            var parts = new List<string>();
            string? first = null;
            foreach (var profile in profiles)
            {
                var text = Profile(record, profile, [.. group]);
                if (text is null || text == first)
                {
                    continue;
                }

                parts.Add(first is null ? text : $"{profile.Title.ToLowerInvariant()}: {text}");
                first ??= text;
            }

            md.AppendLine(Invariant, $"- **{VerdictWriter.Load(group.Key.Load)}, {VerdictWriter.Method(group.Key.Method).ToLowerInvariant()}{(group.Key.Durability is { } durability ? $", {durability}" : "")}**: {string.Join(". ↳ ", parts)}.");
        }

        foreach (var contended in verdicts.Where(v => v.Aggregates is not null).OrderBy(v => v.Method).ThenBy(v => v.ConcurrentBatches))
        {
            var parts = new List<string>();
            string? first = null;
            foreach (var (profile, verdict) in profiles.Select(p => (p, contended.For(p.Id))).Where(x => x.Item2 is not null))
            {
                var text = Phrase(record, [(contended, verdict!)], verdict!.Recommended);
                if (text != first)
                {
                    parts.Add(first is null ? text : $"{profile.Title.ToLowerInvariant()}: {text}");
                    first ??= text;
                }
            }

            md.AppendLine(Invariant,
                $"- **{VerdictWriter.Load(contended.Load)}, {VerdictWriter.Method(contended.Method).ToLowerInvariant()}, contended** ({contended.Cell.Committers}, {contended.NumberOfEvents} event{(contended.NumberOfEvents == 1 ? "" : "s")} per command): {string.Join(". ↳ ", parts)}.");
        }

        return md.ToString();
    }

    /// <summary>One profile's choices over a load and method's rows, by committers; null when the profile judged none of them.</summary>
    private static string? Profile(RunRecord record, GuaranteeProfile profile, IReadOnlyList<CellVerdict> rows)
    {
        var judged = rows.Where(v => v.For(profile.Id) is not null).ToArray();
        if (judged.Length == 0)
        {
            return null;
        }

        var merged = new List<(int From, int To, List<CellVerdict> Rows, string? Choice)>();
        foreach (var level in judged.GroupBy(v => v.ConcurrentBatches).OrderBy(l => l.Key))
        {
            var levelRows = level.OrderBy(v => v.NumberOfEvents).ToList();
            var choice = CommonChoice(profile, levelRows);
            if (choice is not null && merged.Count > 0 && merged[^1].Choice == choice && Kinds(profile, merged[^1].Rows) == Kinds(profile, levelRows))
            {
                merged[^1].Rows.AddRange(levelRows);
                merged[^1] = (merged[^1].From, level.Key, merged[^1].Rows, choice);
            }
            else
            {
                merged.Add((level.Key, level.Key, levelRows, choice));
            }
        }

        return string.Join("; ", merged.Select(x => $"{Committers(x.From, x.To)} {Choice(record, profile, x.Rows, x.Choice)}"));
    }

    private static string Kinds(GuaranteeProfile profile, IEnumerable<CellVerdict> rows) =>
        string.Join(",", rows.Select(r => r.For(profile.Id)!.Kind == VerdictKind.Undecided).Distinct().Order());

    /// <summary>The choice every row shares, decided or not alike; null when the rows' choices differ.</summary>
    private static string? CommonChoice(GuaranteeProfile profile, IReadOnlyList<CellVerdict> rows)
    {
        var choices = rows.Select(r => r.For(profile.Id)!.Recommended).Distinct().ToArray();
        return choices.Length == 1 ? choices[0] : null;
    }

    /// <summary>The choice over some rows; without a common choice, each event size's own.</summary>
    private static string Choice(RunRecord record, GuaranteeProfile profile, IReadOnlyList<CellVerdict> rows, string? choice)
    {
        var verdicts = rows.Select(r => (Cell: r, Verdict: r.For(profile.Id)!)).ToArray();
        return choice is not null
            ? Phrase(record, verdicts, choice)
            : string.Join(", ", verdicts.Select(v => $"{v.Cell.NumberOfEvents} event{(v.Cell.NumberOfEvents == 1 ? "" : "s")}: {Phrase(record, [v], v.Verdict.Recommended)}"));
    }

    /// <summary>"**X** (winner in 2, equivalent set in 1 of 3 rows; 1.8–13.6x current)", italic where undecided.</summary>
    private static string Phrase(RunRecord record, IReadOnlyList<(CellVerdict Cell, ProfileVerdict Verdict)> verdicts, string choice)
    {
        var won = verdicts.Count(v => v.Verdict.Kind == VerdictKind.Winner);
        var equivalent = verdicts.Count(v => v.Verdict.Kind == VerdictKind.Equivalent);
        var open = verdicts.Count(v => v.Verdict.Kind == VerdictKind.Undecided);
        var how = new List<string>();
        if (won > 0)
        {
            how.Add(verdicts.Count == 1 ? "winner" : $"winner in {won}");
        }

        if (equivalent > 0)
        {
            var others = verdicts.Where(v => v.Verdict.Kind == VerdictKind.Equivalent).SelectMany(v => v.Verdict.Set).Where(s => s != choice).Distinct().ToArray();
            how.Add($"equivalent to {(others.Length <= 2 ? string.Join(", ", others) : $"{others.Length} others")}{(verdicts.Count == 1 ? "" : $" in {equivalent}")}");
        }

        if (open > 0)
        {
            how.Add(verdicts.Count == 1 ? "undecided" : $"undecided in {open}");
        }

        var factors = verdicts.Select(v => VerdictWriter.FactorOverCurrent(record, v.Cell.Cell, choice)?.Estimate).OfType<double>().ToArray();
        var name = open == verdicts.Count ? $"*{choice}*" : $"**{choice}**";
        return $"{name} ({string.Join(", ", how)}{(verdicts.Count == 1 ? "" : $" of {verdicts.Count} rows")}{(factors.Length > 0 ? $"; {Range(factors, "0.0")}x current" : "")})";
    }

    private static string Range(IReadOnlyList<double> values, string format)
    {
        var low = values.Min().ToString(format, Invariant);
        var high = values.Max().ToString(format, Invariant);
        return low == high ? low : $"{low}–{high}";
    }

    private static string Committers(int from, int to) =>
        from == to ? $"{from} committer{(from == 1 ? "" : "s")}:" : $"{from}–{to} committers:";
}
