using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Reads;

/// <summary>The reads run's summary.md: a row per workload and client count (ops/s, events/s, latency, allocations), then reading and writing together, the checks, the charts.</summary>
public static class ReadsSummaryWriter
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>How far over its rate a throttled reader may be measured (timer and clock granularity) before the bound counts as broken.</summary>
    public const double ThrottleTolerance = 1.01;

    public static string Write(ReadsSuiteResult run)
    {
        ArgumentNullException.ThrowIfNull(run);
        var s = run.Settings;
        var md = new StringBuilder();
        run.Environment.AppendHeader(md, "reads: queries, projections, following readers, reading and writing together (`suite reads`)", "suite reads", "Shape",
            string.Create(Invariant, $"query log {(long)s.Tags * s.EventsPerTag:N0} events ({s.Tags:N0} tags x {s.EventsPerTag}), filled on the server in {run.QueryLogBuild.TotalSeconds:0.0} s; ") +
            string.Create(Invariant, $"Project on the {run.ProjectLoad.Size} course-enrollment dataset ({run.ProjectLoad.Counts.Events:N0} events); {string.Join(", ", s.Readers)} clients; {s.Rounds} rounds, every workload once per round in order, after one unmeasured Query window at each client count"));
        md.AppendLine("## What each row does").AppendLine();
        md.AppendLine(string.Create(Invariant, $"- **Query**: all events of one random tag (of {s.Tags:N0}; {s.EventsPerTag} each), checked exactly; closed loop for {s.Window.TotalMilliseconds:0} ms."));
        md.AppendLine(string.Create(Invariant, $"- **Project**: the course-enrollment counts rebuilt from every event in pages of {DcbAppends.CourseEnrollmentProjection.PageSize:N0}, checked against the dataset; max(1, 4 / clients) per client per round."));
        md.AppendLine(string.Create(Invariant, $"- **Read** / **ReadThrottled**: each reader reads {s.ReaderEvents:N0} events in pages of {s.PageSize:N0} from a random place; throttled readers held to {s.ThrottledRate:N0} events/s each."));
        md.AppendLine(string.Create(Invariant, $"- **ReadWhileWriting**: Read while {s.Background} writers append one event at a time through the group commit (their appends/s in the last column)."));
        md.AppendLine(string.Create(Invariant, $"- **Append** / **AppendWhileReading**: one-event appends through the group commit for {s.Window.TotalMilliseconds:0} ms, alone and while {s.Background} unthrottled readers read (their events/s in the last column)."));
        md.AppendLine().AppendLine("Figures are medians over the rounds with their 95% intervals (Harrell-Davis, Maritz-Jarrett); p50 / p95 / p99 over every operation, in ms; alloc is the whole process's allocation per operation.").AppendLine();
        var cells = new MarkdownTable().Left("Workload").Right("Clients", "ops/s [95%]", "events/s [95%]", "p50 / p95 / p99", "alloc", "background");
        foreach (var workload in Enum.GetValues<ReadsWorkload>())
        {
            foreach (var cell in run.Cells.Where(c => c.Workload == workload).OrderBy(c => c.Clients))
            {
                cells.Row(
                    $"{workload}", $"{cell.Clients}", $"{Rate(cell.OperationsPerSecond)}", $"{Rate(cell.EventsPerSecond)}", $"{LatencyText.Of(cell.Latency)}",
                    $"{cell.AllocatedBytesPerOperation / 1024:N1} KiB", $"{(cell.Background is { } b ? Rate(b) : "")}");
            }
        }

        cells.WriteTo(md);

        md.AppendLine().AppendLine("## Reading and writing together").AppendLine();
        md.AppendLine("Each ratio is paired by round (the two rows ran one after the other in each round): below 1, the other load took that share away.").AppendLine();
        var together = new MarkdownTable().Right("Clients", "Read events/s while writing / alone", "Appends/s while reading / alone");
        foreach (var clients in s.Readers)
        {
            together.Row($"{clients}", $"{Ratio(run, ReadsWorkload.ReadWhileWriting, ReadsWorkload.Read, clients)}", $"{Ratio(run, ReadsWorkload.AppendWhileReading, ReadsWorkload.Append, clients)}");
        }

        together.WriteTo(md);

        md.AppendLine().AppendLine("## Checks").AppendLine();
        var throttled = run.Cells.Where(c => c.Workload == ReadsWorkload.ReadThrottled && c.FastestReader is not null).ToArray();
        var fastest = throttled.Length == 0 ? 0 : throttled.Max(c => c.FastestReader!.Value);
        md.AppendLine(string.Create(Invariant, $"- Throttle: the fastest throttled reader read {fastest:N0} events/s over its whole read; bound {s.ThrottledRate:N0}: ") +
            (fastest <= s.ThrottledRate * ThrottleTolerance ? "**held**." : "**broken**."));
        md.AppendLine(string.Create(Invariant, $"- Writes: {run.WritesAcknowledged:N0} appends acknowledged, {run.WritesReadBack:N0} read back from the log."));
        md.AppendLine(run.Wrong.Count == 0
            ? "- Every query returned exactly its tag's events, every projection the dataset's counts."
            : $"- **Wrong answers:** {string.Join("; ", run.Wrong)}.");
        md.AppendLine().AppendLine("Charts: `charts/reads-events-per-second.svg`, `charts/reads-operations-per-second.svg`, against clients.");
        return md.ToString();
    }

    public static IEnumerable<ChartWriter.Chart> Charts(ReadsSuiteResult run)
    {
        ArgumentNullException.ThrowIfNull(run);
        ChartWriter.Series Of(ReadsWorkload workload, Func<ReadsCellResult, Interval> figure) =>
            new(workload.ToString(), [.. run.Cells.Where(c => c.Workload == workload).Select(c => ((double)c.Clients, figure(c)))]);
        yield return new ChartWriter.Chart("reads-events-per-second", ChartWriter.Curves("Following readers: events/s against readers", "readers", "events/s (median, 95% interval)",
            [Of(ReadsWorkload.Read, c => c.EventsPerSecond), Of(ReadsWorkload.ReadThrottled, c => c.EventsPerSecond), Of(ReadsWorkload.ReadWhileWriting, c => c.EventsPerSecond)]));
        yield return new ChartWriter.Chart("reads-operations-per-second", ChartWriter.Curves("Queries, projections, appends: operations/s against clients", "clients", "operations/s (median, 95% interval)",
            [Of(ReadsWorkload.Query, c => c.OperationsPerSecond), Of(ReadsWorkload.Project, c => c.OperationsPerSecond), Of(ReadsWorkload.Append, c => c.OperationsPerSecond), Of(ReadsWorkload.AppendWhileReading, c => c.OperationsPerSecond)]));
    }

    private static string Ratio(ReadsSuiteResult run, ReadsWorkload with, ReadsWorkload alone, int clients)
    {
        var a = run.Cells.FirstOrDefault(c => c.Workload == with && c.Clients == clients);
        var b = run.Cells.FirstOrDefault(c => c.Workload == alone && c.Clients == clients);
        var ratio = a is null || b is null ? null : RoundStatistics.PairedRatio([.. a.EventsPerSecondByRound.Select(v => (double?)v)], [.. b.EventsPerSecondByRound.Select(v => (double?)v)]);
        return ratio is null ? "-" : ratio.HasBounds ? string.Create(Invariant, $"{ratio.Estimate:0.##} [{ratio.Lower:0.##}, {ratio.Upper:0.##}]") : string.Create(Invariant, $"{ratio.Estimate:0.##}");
    }

    private static string Rate(Interval rate) => DcbAppends.DcbSummaryWriter.Rate(rate);
}
