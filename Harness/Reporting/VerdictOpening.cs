using System.Globalization;
using System.Text;
using EventCommitLab.Harness.Racing;
using EventCommitLab.Harness.Results;

namespace EventCommitLab.Harness.Reporting;

/// <summary>
/// "What to choose", the verdict page's first lines, generated from the verdicts: a table with a row per load and
/// method (and a ↳ row for the gap-free profile where its choice differs) and a column per committer count, each cell
/// naming the choice by events per commit; then a line per contended row.
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
            $"The fastest strategy per row that keeps *{profiles[0].Title.ToLowerInvariant()}*{string.Concat(profiles.Skip(1).Select(p => $" (↳ the fastest that keeps *{p.Title.ToLowerInvariant()}*, where it differs)"))}: **bold** a winner, **bold** ≈ others an equivalent set (its fastest, the others within the margin), *italic?* undecided (the leader so far).").AppendLine();
        var grid = verdicts.Where(v => v.Aggregates is null).ToArray();
        var committers = grid.Select(v => v.ConcurrentBatches).Distinct().Order().ToArray();
        if (committers.Length > 0)
        {
            var table = new MarkdownTable().Left(["Load · method", .. committers.Select(c => $"{c} committer{(c == 1 ? "" : "s")}")]);
            foreach (var group in grid.GroupBy(v => (v.Load, v.Method, v.Durability))
                .OrderBy(g => g.Key.Load).ThenBy(g => g.Key.Method).ThenBy(g => VerdictWriter.DurabilityOrder(record, g.Key.Durability)))
            {
                string[]? first = null;
                foreach (var profile in profiles)
                {
                    var cells = committers.Select(c => Cell(profile, [.. group.Where(v => v.ConcurrentBatches == c)])).ToArray();
                    if (cells.All(c => c.Length == 0) || (first is not null && cells.SequenceEqual(first)))
                    {
                        continue;
                    }

                    var label = first is null
                        ? $"{VerdictWriter.Load(group.Key.Load)} · {Short(group.Key.Method)}{(group.Key.Durability is { } durability ? $" · {durability}" : "")}"
                        : $"↳ {profile.Title.ToLowerInvariant()}";
                    table.Row([$"{label}", .. cells.Select(c => (FormattableString)$"{c}")]);
                    first ??= cells;
                }
            }

            table.WriteTo(md).AppendLine();
        }

        foreach (var contended in verdicts.Where(v => v.Aggregates is not null).OrderBy(v => v.Method).ThenBy(v => v.ConcurrentBatches))
        {
            var parts = new List<string>();
            string? first = null;
            foreach (var profile in profiles)
            {
                var text = Cell(profile, [contended]);
                if (text.Length > 0 && text != first)
                {
                    parts.Add(first is null ? text : $"↳ {profile.Title.ToLowerInvariant()}: {text}");
                    first ??= text;
                }
            }

            md.AppendLine(Invariant,
                $"- **{VerdictWriter.Load(contended.Load)} · {Short(contended.Method)}, contended** ({contended.Cell.Committers}, {contended.NumberOfEvents} event{(contended.NumberOfEvents == 1 ? "" : "s")} per command): {string.Join("; ", parts)}.");
        }

        return md.ToString();
    }

    /// <summary>One table cell: the choice per events per commit, event sizes with the same answer said once; empty when the profile judged none.</summary>
    private static string Cell(GuaranteeProfile profile, IReadOnlyList<CellVerdict> rows)
    {
        var answers = rows.OrderBy(v => v.NumberOfEvents).Select(v => (Events: v.NumberOfEvents, Text: v.For(profile.Id) is { } verdict ? Choice(verdict) : null))
            .Where(a => a.Text is not null).ToArray();
        if (answers.Length == 0)
        {
            return "";
        }

        var merged = new List<(List<int> Events, string Text)>();
        foreach (var (events, text) in answers)
        {
            if (merged.Count > 0 && merged[^1].Text == text)
            {
                merged[^1].Events.Add(events);
            }
            else
            {
                merged.Add(([events], text!));
            }
        }

        return merged.Count == 1 ? merged[0].Text : string.Join("; ", merged.Select(m => $"{Events(m.Events)}: {m.Text}"));
    }

    /// <summary>"**A**", "**A** ≈ B, C", "*A*?".</summary>
    private static string Choice(ProfileVerdict verdict) => verdict.Kind switch
    {
        VerdictKind.Winner => $"**{verdict.Recommended}**",
        VerdictKind.Equivalent => $"**{verdict.Recommended}** ≈ {string.Join(", ", verdict.Set.Where(s => s != verdict.Recommended))}",
        _ => $"*{verdict.Recommended}*?",
    };

    private static string Events(IReadOnlyList<int> events) =>
        events.Count == 1 ? $"{events[0]} ev." : $"{events[0]}–{events[^1]} ev.";

    private static string Short(BenchmarkMethod method) => method switch
    {
        BenchmarkMethod.CommitEvents => "plain commits",
        BenchmarkMethod.CommitAggregateEvents => "aggregate commits",
        BenchmarkMethod.CommitConditionalEvents => "conditional commits",
        _ => method.ToString(),
    };
}
