using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>
/// The dcb run's summary.md, laid out as go-crablet's tables (a row per operation and client count; appends/s, latency,
/// allocations per append), one table per dataset size and append size, then the goals, the read-back, and the charts.
/// </summary>
public static class DcbSummaryWriter
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(DcbSuiteResult run)
    {
        ArgumentNullException.ThrowIfNull(run);
        var md = new StringBuilder();
        var s = run.Settings;
        run.Environment.AppendHeader(md, "conditional appends (DCB) on the course-enrollment dataset (`suite dcb`)", "suite dcb", "Shape",
            string.Create(Invariant, $"sizes {string.Join(", ", s.Sizes.Select(z => z.Name))}; {string.Join(" and ", s.EventsPerAppend)} events per append; {string.Join(", ", s.Clients)} clients; ") +
            (run.Race is null
                ? string.Create(Invariant, $"{s.Rounds} rounds of {s.Window.TotalMilliseconds:0} ms closed-loop windows per workload and appender, interleaved (appenders rotated per round), after one unmeasured Append window per appender at each client count; random seed {s.RandomSeed}")
                : string.Create(Invariant, $"at most {s.Rounds} race rounds of {s.Window.TotalMilliseconds:0} ms closed-loop windows per workload and appender, after one unmeasured Append window per appender at each client count; random seed {s.RandomSeed}")));

        md.AppendLine("## How each appender keeps the condition").AppendLine();
        var mechanisms = new MarkdownTable().Left("Appender", "Mechanism");
        foreach (var (appender, mechanism) in run.Mechanisms)
        {
            mechanisms.Row($"{appender}", $"{mechanism}");
        }

        mechanisms.WriteTo(md);

        md.AppendLine().AppendLine("## Datasets").AppendLine();
        md.AppendLine("Generated from a fixed random seed (the same events on every run), loaded with binary `COPY` into each appender's own log, with the conflict workloads' prefill after them.").AppendLine();
        var loads = new MarkdownTable().Left("Size").Right("Courses", "Students", "Enrollments", "Events", "Load");
        foreach (var load in run.Loads)
        {
            loads.Row($"{load.Size}", $"{load.Counts.Courses:N0}", $"{load.Counts.Students:N0}", $"{load.Counts.Enrollments:N0}", $"{load.Counts.Events:N0}", $"{load.Took.TotalMilliseconds:N0} ms");
        }

        loads.WriteTo(md);

        md.AppendLine().AppendLine("## Appends").AppendLine();
        if (run.Race is { } race)
        {
            SuiteRaceText.AppendHowItDecides(md, race, "workload at each client count", "appends/s among the appenders (the workloads of one cell race in the same rounds)");
        }

        md.AppendLine("**Appends/s** is the median over the rounds with its 95% interval (Harrell-Davis, Maritz-Jarrett); for the conflict workloads every append is refused, " +
            "so it counts refusals. **p50 / p95 / p99** are over every append of every round, in ms. **Retries** are the transactions tried again per append (aborted by the database as a race: a serialisation failure, a deadlock). " +
            "**Alloc** is what the whole process allocated per append (the client's share).").AppendLine();
        foreach (var size in s.Sizes)
        {
            foreach (var events in s.EventsPerAppend)
            {
                md.AppendLine(Invariant, $"### {size.Name}, {events} event{(events == 1 ? "" : "s")} per append").AppendLine();
                var raced = run.Verdicts is not null;
                var appends = new MarkdownTable().Left("Workload").Right("Clients");
                if (raced)
                {
                    appends.Left("Verdict (appends/s)");
                }

                appends.Right(s.Appenders.SelectMany(a => new[] { $"{a} appends/s [95%]", "p50 / p95 / p99", "retries", "alloc" }));
                foreach (var workload in s.Workloads)
                {
                    foreach (var clients in s.Clients)
                    {
                        FormattableString?[] verdict = raced ? [$"{SuiteRaceText.Verdict(run.Verdict(size.Name, events, clients, workload)?.Race)}"] : [];
                        appends.Row([$"{workload.Name}", $"{clients}", .. verdict, .. s.Appenders.SelectMany(appender =>
                        {
                            var cell = run.Cells.FirstOrDefault(c => c.Size == size.Name && c.EventsPerAppend == events && c.Workload == workload && c.Clients == clients && c.Appender == appender);
                            return cell is null ? new FormattableString?[4]
                                : [$"{Rate(cell.OperationsPerSecond)}{SuiteRaceText.Exit(cell.Exit)}", $"{Latency(cell.Latency)}", $"{cell.RetriesPerOperation:0.###}", $"{cell.AllocatedBytesPerOperation / 1024:N1} KiB"];
                        })]);
                    }
                }

                appends.WriteTo(md).AppendLine();
            }
        }

        WriteGoals(md, run);
        md.AppendLine("## Read back from the database").AppendLine();
        md.AppendLine("Each log was read back after the run and held against what each caller was told: every append told \"written\" is there once, whole and in order; " +
            "nothing of a refused append is there; nothing nobody was told about; no fresh student's condition failed; no conflicting append was written.").AppendLine();
        var readBack = new MarkdownTable().Left("Size", "Appender").Right("Appends", "Ended in an error", "Events read back").Left("Violations");
        foreach (var v in run.Verifications)
        {
            readBack.Row($"{v.Size}", $"{v.Appender}", $"{v.Appends:N0}", $"{v.Errors:N0}", $"{v.EventsRead:N0}", $"{(v.Clean ? "none" : string.Join("; ", v.Violations))}");
        }

        readBack.WriteTo(md);

        md.AppendLine().AppendLine("Charts: `charts/appends-per-second-SIZE-EVENTS.svg`: appends/s against clients, one line per appender and workload (Append, AppendIf).");
        return md.ToString();
    }

    public static IEnumerable<ChartWriter.Chart> Charts(DcbSuiteResult run)
    {
        ArgumentNullException.ThrowIfNull(run);
        foreach (var size in run.Settings.Sizes)
        {
            foreach (var events in run.Settings.EventsPerAppend)
            {
                var series = new List<ChartWriter.Series>();
                foreach (var appender in run.Settings.Appenders)
                {
                    foreach (var workload in new[] { DcbWorkload.Append, DcbWorkload.AppendIf })
                    {
                        series.Add(new ChartWriter.Series($"{appender} {workload.Name}", [.. run.Cells
                            .Where(c => c.Size == size.Name && c.EventsPerAppend == events && c.Appender == appender && c.Workload == workload)
                            .Select(c => ((double)c.Clients, c.OperationsPerSecond))]));
                    }
                }

                yield return new ChartWriter.Chart(
                    string.Create(Invariant, $"appends-per-second-{size.Name.ToLowerInvariant()}-{events}"),
                    ChartWriter.Curves($"{size.Name} dataset, {events} event{(events == 1 ? "" : "s")} per append", "clients", "appends/s (median, 95% interval)", series));
            }
        }
    }

    private static void WriteGoals(StringBuilder md, DcbSuiteResult run)
    {
        md.AppendLine("## Goals").AppendLine();
        md.AppendLine(string.Create(Invariant, $"C1: the condition costs at most 10%: AppendIf (no conflict) / Append >= {DcbGoals.ConditionKeeps} at the most clients, paired by round. ") +
            string.Create(Invariant, $"C2: conditional appends scale: AppendIf events/s at the most clients >= {DcbGoals.ScalesBy}x those at one client. **Met** when the whole interval is on the goal's side, **not met** when the whole of it is on the other, else undecided.")).AppendLine();
        var goals = new MarkdownTable().Left("Goal", "Appender").Right("Ratio").Left("95% interval").Right("Target").Left("Verdict");
        foreach (var goal in run.Goals)
        {
            goals.Row(
                $"{goal.Id}: {goal.Description}", $"{goal.Strategy}", goal.Ratio is null ? (FormattableString)$"-" : $"{goal.Ratio.Estimate:0.###}",
                goal.Ratio is { HasBounds: true } r ? (FormattableString)$"{r.Lower:0.###} to {r.Upper:0.###}" : $"none", $">= {goal.Target:0.##}", $"{PipelineGoalsWriter.Verdict(goal.Verdict)}");
        }

        goals.WriteTo(md);

        md.AppendLine();
        var most = run.Settings.Clients.Max();
        foreach (var size in run.Settings.Sizes)
        {
            foreach (var events in run.Settings.EventsPerAppend)
            {
                var best = run.Cells.Where(c => c.Size == size.Name && c.EventsPerAppend == events && c.Clients == most && c.Workload == DcbWorkload.AppendIf)
                    .OrderByDescending(c => c.EventsPerSecond.Estimate).FirstOrDefault();
                if (best is not null)
                {
                    var where = string.Create(Invariant, $"({size.Name}, {events} event");
                    var own = run.Goals.Where(g => g.Strategy == best.Appender && g.Description.Contains(where, StringComparison.Ordinal)).ToArray();
                    md.AppendLine(string.Create(Invariant, $"- {size.Name}, {events} event{(events == 1 ? "" : "s")} per append: the fastest conditional appender at {most} clients is **{best.Appender}** ") +
                        string.Create(Invariant, $"({best.EventsPerSecond.Estimate:N0} events/s); {string.Join(", ", own.Select(g => $"{g.Id} {(g.Ratio is null ? "-" : g.Ratio.Estimate.ToString("0.##", Invariant))} {PipelineGoalsWriter.Verdict(g.Verdict)}"))}."));
                }
            }
        }

        md.AppendLine();
    }

    internal static string Rate(Interval rate) => rate is { HasBounds: true }
        ? string.Create(Invariant, $"{rate.Estimate:N0} [{rate.Lower:N0}, {rate.Upper:N0}]")
        : string.Create(Invariant, $"{rate.Estimate:N0}");

    private static string Latency(LatencySummary? latency) => LatencyText.Of(latency);
}
