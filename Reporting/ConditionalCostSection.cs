using System.Text;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Reporting;

/// <summary>details.md's table of what checking a condition costs: each strategy's conditional commits against its plain and aggregate ones.</summary>
internal static class ConditionalCostSection
{
    /// <summary>What checking a condition costs each strategy: its conditional commits' events/s against its plain and aggregate commits' of the same size and concurrency.</summary>
    public static void Write(StringBuilder md, IReadOnlyList<CaseResult> cases, IReadOnlyList<string> strategies)
    {
        var conditional = cases.Where(c => c.Cell.Method == BenchmarkMethod.CommitConditionalEvents && c.Succeeded && !c.IsCeiling && c.Cell.Aggregates is null).ToArray();
        var sizes = conditional.Select(c => (c.Cell.NumberOfEvents, c.Cell.Committers, c.Cell.Durability)).Distinct().OrderBy(s => s.NumberOfEvents).ThenBy(s => s.Committers).ThenBy(s => s.Durability, StringComparer.Ordinal).ToArray();
        if (sizes.Length == 0 || !cases.Any(c => c.Cell.Method != BenchmarkMethod.CommitConditionalEvents))
        {
            return;
        }

        string? Against(CaseResult c, BenchmarkMethod other) =>
            cases.FirstOrDefault(x => x.Cell.Method == other && x.Contender == c.Contender && x.Cell.NumberOfEvents == c.Cell.NumberOfEvents && x.Cell.Committers == c.Cell.Committers && x.Cell.Aggregates is null && x.Cell.Durability == c.Cell.Durability && x.Succeeded) is { } x
                ? DetailsWriter.Ratio(RoundStatistics.AcrossCells(c.Race.EventsPerSecond, x.Race.EventsPerSecond))
                : null;

        md.AppendLine("### Conditional commits against plain / aggregate commits: events/s ratio [interval across cells]").AppendLine();
        md.AppendLine("Each ratio divides two medians measured in different cells (not paired), so its interval is the conservative [low / high, high / low] of theirs.").AppendLine();
        var table = new MarkdownTable().Right(["Events", "Concurrent", .. strategies]);
        foreach (var (events, concurrent, durability) in sizes)
        {
            table.Row([
                $"{events}", $"{concurrent}{(durability is null ? "" : $", {durability}")}",
                .. strategies.Select(strategy =>
                {
                    var c = conditional.FirstOrDefault(x => x.Contender == strategy && x.Cell.NumberOfEvents == events && x.Cell.Committers == concurrent && x.Cell.Durability == durability);
                    return c is null ? $"not run" : (FormattableString)$"{Against(c, BenchmarkMethod.CommitEvents) ?? "-"} / {Against(c, BenchmarkMethod.CommitAggregateEvents) ?? "-"}";
                })]);
        }

        table.WriteTo(md).AppendLine();
    }
}
