using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Harness.Floor;

/// <summary>The floor run's summary.md: the ESENT measurement's table of phases, and the store's own tool beside the lab's client.</summary>
public static class FloorSummaryWriter
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(FloorSuiteResult run)
    {
        ArgumentNullException.ThrowIfNull(run);
        var md = new StringBuilder();
        run.Environment.AppendHeader(md, "the store's own floor (`suite floor`)", "suite floor", "Shape",
            "one table, an 8-byte key (primary key) and a 32-byte value; one client connection, each statement prepared once; a checkpoint before each phase");
        md.Append(Invariant, $"Each phase is timed in {FloorSuiteSettings.Slices} consecutive slices: ").AppendLine(
            "**rows/s** is the median of the slices' rates with its 95% interval (Harrell-Davis median, Maritz-Jarrett interval); **overall** is all rows over the phase's whole time. Latency is each operation's own " +
            "time in the client (HDR histogram). Every read checked that its row was there, every scan that it read every row.").AppendLine();
        var phases = new MarkdownTable().Left("Phase", "What").Right("Operations", "Rows", "Time", "Rows/s (median of slices)").Left("95% interval")
            .Right("Overall rows/s", "p50 ms", "p95 ms", "p99 ms", "max ms");
        foreach (var phase in run.Phases)
        {
            var latency = phase.Latency;
            phases.Row(
                $"{phase.Phase}", $"{phase.Description}", $"{phase.Operations:N0}", $"{phase.Rows:N0}", $"{phase.Elapsed.TotalSeconds:0.0} s", $"{phase.RowsPerSecond.Estimate:N0}",
                $"{Bounds(phase.RowsPerSecond)}", $"{phase.OverallRowsPerSecond:N0}", Ms(latency?.P50Ms), Ms(latency?.P95Ms), Ms(latency?.P99Ms), Ms(latency?.MaxMs));
        }

        phases.WriteTo(md);

        md.AppendLine();
        var durable = run.Phases.FirstOrDefault(p => p.Phase == "insert, durable");
        var lazy = run.Phases.FirstOrDefault(p => p.Phase == "insert, lazy flush");
        if (durable is not null && lazy is not null)
        {
            md.AppendLine(Invariant,
                $"Single-row inserts with the lazy flush ran at **{lazy.RowsPerSecond.Estimate / durable.RowsPerSecond.Estimate:0.0}x** the durable rate " +
                $"(medians; p50 {Ms(lazy.Latency?.P50Ms)} against {Ms(durable.Latency?.P50Ms)} ms).").AppendLine();
        }

        md.AppendLine("## The store's own tool, as a cross-check of the lab's client").AppendLine();
        if (run.ToolDurable is null && run.ToolLazy is null)
        {
            md.AppendLine("The store's own benchmark tool is not installed here: no cross-check.");
            return md.ToString();
        }

        md.AppendLine(Invariant, $"The same statement on the same table shape, in a database of its own, for {run.Settings.StoreToolFor.TotalSeconds:0} s per durability.").AppendLine();
        var tools = new MarkdownTable().Left("Durability", "Tool").Right("Inserts", "Inserts/s (its figure)", "The lab's client (median)", "Lab / tool").Left("How it ran");
        Tool(tools, "durable", run.ToolDurable, durable);
        Tool(tools, "lazy flush", run.ToolLazy, lazy);
        tools.WriteTo(md);
        return md.ToString();
    }

    private static void Tool(MarkdownTable tools, string durability, StoreToolInsertRate? tool, FloorPhaseResult? lab)
    {
        if (tool is null)
        {
            return;
        }

        tools.Row(
            $"{durability}", $"{tool.Tool}", $"{tool.Inserts:N0}", $"{tool.PerSecond:N0}", lab is null ? null : (FormattableString)$"{lab.RowsPerSecond.Estimate:N0}",
            lab is null ? null : (FormattableString)$"{lab.RowsPerSecond.Estimate / tool.PerSecond:0.00}", $"`{tool.CommandLine}`");
    }

    private static string Bounds(Interval interval) =>
        interval.HasBounds ? string.Create(Invariant, $"{interval.Lower:N0} to {interval.Upper:N0}") : $"none ({interval.Samples} slices)";

    private static FormattableString? Ms(double? value) => value is { } v ? (FormattableString)$"{v:0.###}" : null;
}
