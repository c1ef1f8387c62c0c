using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>details.md's list of cases: the failed ones with their causes, then every case with its rounds, latency, log and check.</summary>
internal static class CaseListSection
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static void WriteFailed(StringBuilder md, IReadOnlyDictionary<CaseResult, int> failures)
    {
        md.AppendLine("## Failed cases").AppendLine();
        if (failures.Count == 0)
        {
            md.AppendLine("None: every case ran to the end.").AppendLine();
            return;
        }

        var table = new MarkdownTable().Right("").Left("Case", "Cause");
        foreach (var (c, n) in failures.OrderBy(f => f.Value))
        {
            table.Row($"[{n}]", $"{DetailsWriter.Row(c)} {c.Contender}", $"{c.Failure}");
        }

        table.WriteTo(md).AppendLine();
    }

    public static void WriteAll(StringBuilder md, RunRecord record)
    {
        md.AppendLine("## Every case").AppendLine();
        var table = new MarkdownTable().Left("Load", "Method").Right("Events", "Concurrent").Left("Contender", "Events/s per round").Right("Commits").Left("p50 / p90 / p95 / p99 / max ms")
            .Right("Log at start / end").Left("Checked");
        foreach (var c in record.Cases.OrderBy(c => c.Cell.Load).ThenBy(c => c.Cell.Method).ThenBy(c => c.Cell.NumberOfEvents).ThenBy(c => c.Cell.Committers).ThenByDescending(c => c.Cell.Aggregates ?? int.MaxValue).ThenBy(c => c.Cell.Commands).ThenBy(c => c.Cell.Durability, StringComparer.Ordinal))
        {
            var latency = c.Writes.CommitLatency ?? c.Writes.GroupLatency;
            table.Row(
                $"{c.Cell.Load.ToString().ToLowerInvariant()}", $"{c.Cell.Method}", $"{c.Cell.NumberOfEvents}", $"{c.Cell.CommittersLabel}", $"{c.Contender}",
                $"{string.Join(", ", c.Race.RoundEventsPerSecond.Select(r => r is { } v ? v.ToString("N0", Invariant) : "-"))}", $"{c.Writes.Commits:N0}",
                latency is null ? (FormattableString)$"-" : $"{latency.P50Ms:0.##} / {latency.P90Ms:0.##} / {(latency.P95Ms is { } p95 ? p95.ToString("0.##", CultureInfo.InvariantCulture) : "-")} / {latency.P99Ms:0.##} / {latency.MaxMs:0.##}{(c.Writes.CommitLatency is null ? " (group)" : "")}",
                $"{c.Writes.LogSizeAtStart:N0} / {c.Writes.LogSizeAtEnd:N0}", $"{Checked(c.Verification)}");
        }

        table.WriteTo(md).AppendLine();
    }

    private static string Checked(VerificationTally v) => v.Checked switch
    {
        VerificationKind.Verifier => string.Create(Invariant, $"{(v.Passed ? "clean" : "FAILED")}: {v.ExpectedEvents:N0} events expected, {v.FoundEvents:N0} found") +
            string.Concat(v.Violations.Select(x => $"; {x.Kind} ({(x.IsFailure ? "failure" : "known weakness")}) x{x.Count}: {x.Example}")),
        VerificationKind.RowCount => string.Create(Invariant, $"rows {(v.Passed ? "match" : "DO NOT MATCH")}: {v.ExpectedEvents:N0} written, {v.FoundEvents:N0} found"),
        _ => "not checked",
    };
}
