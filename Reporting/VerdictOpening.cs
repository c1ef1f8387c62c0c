using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// "What to choose", the verdict page's first lines, generated from the verdicts: a table with a row per load and
/// method and per contended row, and a column per committer count; each cell names the choice by events per commit
/// (sizes with the same answer said once), and after ↳ the gap-free profile's choice where it differs.
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
        // A cell whose every strategy failed or was refused has a verdict (its ceiling, its time) but no profile.
        var profiles = GuaranteeProfile.All.Where(p => verdicts.Any(v => v.For(p.Id) is not null)).ToArray();
        if (profiles.Length == 0)
        {
            md.AppendLine("This run has no verdicts (it was made before the race, or judged no strategy).");
            return md.ToString();
        }

        md.AppendLine(Invariant,
            $"The fastest strategy that keeps *{profiles[0].Title.ToLowerInvariant()}*{string.Concat(profiles.Skip(1).Select(p => $" (↳ the fastest that keeps *{p.Title.ToLowerInvariant()}*, where it differs)"))}, per events per commit: **bold** a winner, **bold** ≈ others an equivalent set (the member claiming the most, then the first in the catalog; the others within the margin), *italic?* undecided (the leader so far).").AppendLine();
        var committers = verdicts.Select(v => v.Committers).Distinct().Order().ToArray();
        var table = new MarkdownTable().Left(["Load · method", .. committers.Select(c => $"{c} committer{(c == 1 ? "" : "s")}")]);
        foreach (var group in verdicts.GroupBy(v => (v.Load, v.Method, v.Durability, v.Aggregates, v.Commands))
            .OrderBy(g => g.Key.Aggregates is null ? 0 : 1).ThenBy(g => g.Key.Load).ThenBy(g => g.Key.Method)
            .ThenBy(g => VerdictWriter.DurabilityOrder(record, g.Key.Durability)).ThenBy(g => g.Key.Aggregates).ThenBy(g => g.Key.Commands))
        {
            var label = $"{VerdictWriter.Load(group.Key.Load)} · {Short(group.Key.Method)}" +
                $"{(group.Key.Aggregates is { } aggregates ? string.Create(Invariant, $", contended on {aggregates} aggregates{CellKey.LabelOf(group.Key.Commands)}") : "")}" +
                $"{(group.Key.Durability is { } durability ? $" · {durability}" : "")}";
            table.Row([$"{label}", .. committers.Select(c => (FormattableString)$"{Cell(profiles, [.. group.Where(v => v.Committers == c)])}")]);
        }

        return table.WriteTo(md).ToString();
    }

    /// <summary>One table cell: per events per commit the first profile's choice, and the others' after ↳ where they differ; sizes with the same answer said once.</summary>
    private static string Cell(IReadOnlyList<GuaranteeProfile> profiles, IReadOnlyList<CellVerdict> rows)
    {
        var answers = rows.OrderBy(v => v.NumberOfEvents).Select(v => (Events: v.NumberOfEvents, Text: Answer(profiles, v))).Where(a => a.Text.Length > 0).ToArray();
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
                merged.Add(([events], text));
            }
        }

        return merged.Count == 1 ? merged[0].Text : string.Join("; ", merged.Select(m => $"{Events(m.Events)}: {m.Text}"));
    }

    private static string Answer(IReadOnlyList<GuaranteeProfile> profiles, CellVerdict row)
    {
        var texts = profiles.Select(p => row.For(p.Id) is { } verdict ? Choice(verdict) : null).ToArray();
        if (texts[0] is not { } first)
        {
            return "";
        }

        return first + string.Concat(texts.Skip(1).OfType<string>().Where(t => t != first).Select(t => $" ↳ {t}"));
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
