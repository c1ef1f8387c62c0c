using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// The verdict page's durability view, in a run over several durabilities: per row and guarantee profile, the choice at
/// each durability and whether it changes, with the ceiling at each (how much the flush costs the fastest raw writer).
/// </summary>
internal static class DurabilityView
{
    public const string Heading = "## Durability: where the choice changes when the flush does";

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The section, or nothing when the run ran at one durability.</summary>
    public static string Write(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        var verdicts = record.Verdicts ?? [];
        var durabilities = verdicts.Select(v => v.Durability).OfType<string>().Distinct().OrderBy(d => VerdictWriter.DurabilityOrder(record, d)).ToArray();
        if (durabilities.Length < 2)
        {
            return "";
        }

        var rows = verdicts.GroupBy(v => v.Cell with { Durability = null })
            .Where(g => g.Count() > 1)
            .OrderBy(g => g.Key.Load).ThenBy(g => g.Key.Method).ThenBy(g => g.Key.Committers).ThenBy(g => g.Key.NumberOfEvents).ThenByDescending(g => g.Key.Aggregates ?? int.MaxValue).ThenBy(g => g.Key.Commands)
            .ToArray();
        var md = new StringBuilder();
        md.AppendLine(Heading).AppendLine();
        md.AppendLine(
            $"Every row ran at {string.Join(" and at ", durabilities)}, each in a race of its own (the rows are separate cells, run one after the other: " +
            "a strategy's figures at two durabilities are not paired, its ratios within a row are). *Choice*: the row's verdict at that durability " +
            "(*winner*, *equivalent* to others within the margin, or *undecided* among a set); *× current*: the choice over the current implementation, paired in its row. " +
            "*Changes*: **yes** when the two verdicts' sets share no strategy, *within ties* when they share one but recommend different ones, no when the recommendation is the same. " +
            "*Ceiling*: the fastest raw writer at each durability, and the second over the first: how much of the ceiling the flush held back.");
        md.AppendLine();
        foreach (var profile in GuaranteeProfile.All)
        {
            var judged = rows.Where(g => g.All(v => v.For(profile.Id) is not null)).ToArray();
            if (judged.Length == 0)
            {
                continue;
            }

            var changed = judged.Count(g => Change(profile, g) == "**yes**");
            var tied = judged.Count(g => Change(profile, g) == "within ties");
            md.AppendLine(Invariant, $"### {profile.Title}: the choice changes in {changed} of {judged.Length} rows{(tied > 0 ? $" (and within ties in {tied})" : "")}").AppendLine();
            var table = new MarkdownTable().Left("Load · method", "Events x committers");
            foreach (var d in durabilities)
            {
                table.Left($"Choice, {d}").Right("× current");
            }

            table.Left("Changes").Right($"Ceiling events/s ({string.Join(" / ", durabilities)})", $"{durabilities[^1]} / {durabilities[0]}");
            foreach (var row in judged)
            {
                var byDurability = durabilities.Select(d => row.FirstOrDefault(v => v.Durability == d)).ToArray();
                var ceilings = byDurability.Select(v => v?.Ceiling?.Estimate).ToArray();
                table.Row([
                    $"{row.Key.Load.ToString().ToLowerInvariant()} · {row.Key.Method}", $"{row.Key.Shape}",
                    .. byDurability.SelectMany(verdict => verdict?.For(profile.Id) is { } v
                        ? new FormattableString[] { $"{Choice(v)}", $"{Factor(record, verdict.Cell, v.Recommended)}" }
                        : [$"-", $"-"]),
                    $"{Change(profile, row)}", $"{string.Join(" / ", byDurability.Select(v => VerdictText.Rate(v?.Ceiling)))}",
                    ceilings[0] is > 0 && ceilings[^1] is { } last ? (FormattableString)$"{last / ceilings[0]!.Value:0.00}" : $"-"]);
            }

            table.WriteTo(md).AppendLine();
        }

        return md.ToString();
    }

    private static string Choice(ProfileVerdict verdict) => verdict.Kind switch
    {
        VerdictKind.Winner => $"**{verdict.Recommended}** (winner)",
        VerdictKind.Equivalent => $"**{verdict.Recommended}** (equivalent: {verdict.Set.Count})",
        _ => $"**{verdict.Recommended}** (undecided: {verdict.Set.Count})",
    };

    private static string Change(GuaranteeProfile profile, IEnumerable<CellVerdict> row)
    {
        var verdicts = row.Select(v => v.For(profile.Id)!).ToArray();
        if (verdicts.Select(v => v.Recommended).Distinct().Count() == 1)
        {
            return "no";
        }

        var shared = verdicts.Select(v => (IEnumerable<string>)v.Set).Aggregate((a, b) => a.Intersect(b));
        return shared.Any() ? "within ties" : "**yes**";
    }

    private static string Factor(RunRecord record, CellKey cell, string strategy) =>
        VerdictRow.FactorOverCurrent(record, cell, strategy) is { } f ? string.Create(Invariant, $"{f.Estimate:0.0}x") : "-";
}
