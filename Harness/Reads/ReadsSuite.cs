using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Contract.Model;
using EventCommitLab.Dcb;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Harness.Reads;

/// <summary>
/// <c>suite reads</c>: reads as UmaDB and go-crablet measure them, on two DCB logs: one of tags x events per tag filled on
/// the server (Query, the following readers, the writes), one holding the course-enrollment dataset (Project). Per
/// reader count, rounds: in each, every workload once, in order, so that a workload and its with-background twin run
/// side by side. Every query and projection is checked against what the log holds; every acknowledged write is read back.
/// </summary>
internal static class ReadsSuite
{
    public const string Name = "reads";

    /// <summary>The suite's pages, from its result.</summary>
    public static SuiteReport Report => SuiteReport.For<ReadsSuiteResult>(
        Name, ReadsSummaryWriter.Write,
        run => run.Cells.Select(c => new SuiteFigure(string.Create(CultureInfo.InvariantCulture, $"{c.Workload}, {c.Clients} clients"), "events/s", c.EventsPerSecond, HigherIsBetter: true)),
        ReadsSummaryWriter.Charts);

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync) { UnderSuiteGroup = true };

    /// <summary><c>suite reads</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "Query, Project, following readers throttled and not, reading while writing and appending while reading",
        "the workloads and reader counts are the originals'", [SuiteOptions.Quick, SuiteOptions.Rounds],
        (r, o) => (r.GetValue(SuiteOptions.Quick) ? ReadsSuiteSettings.Quick : ReadsSuiteSettings.Full) is var reads
            ? o with { Suite = Name, SuiteSettings = r.Given(SuiteOptions.Rounds, out var n) ? reads with { Rounds = (int)n } : reads }
            : o);
    internal const string WrittenType = "Written";

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var settings = options.SuiteSetting<ReadsSuiteSettings>();
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.Provider;
        var dcbLogs = suite.RequirePort<IDcbLogProvider>("has no DCB log");
        await using var queryLog = await dcbLogs.CreateDcbLogAsync(cancellationToken).ConfigureAwait(false);
        await using var projectLog = await dcbLogs.CreateDcbLogAsync(cancellationToken).ConfigureAwait(false);
        var watch = Stopwatch.StartNew();
        await queryLog.FillWithTaggedEventsAsync(settings.Tags, settings.EventsPerTag, cancellationToken).ConfigureAwait(false);
        var build = watch.Elapsed;
        var filled = (long)settings.Tags * settings.EventsPerTag;
        console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Query log: {filled:N0} events ({settings.Tags:N0} tags x {settings.EventsPerTag}) filled on the server in {build.TotalSeconds:0.0} s"));
        var (dataset, counts) = CourseEnrollmentDataset.Generate(settings.ProjectSize, settings.RandomSeed);
        watch.Restart();
        await projectLog.LoadAsync(dataset, cancellationToken).ConfigureAwait(false);
        var projectLoad = new DcbLoad(settings.ProjectSize.Name, counts, watch.Elapsed);
        console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Project log: {settings.ProjectSize.Name}, {counts.Events:N0} events loaded with binary COPY in {watch.Elapsed.TotalMilliseconds:N0} ms"));

        var run = new ReadsWorkloads(settings, queryLog, projectLog, counts, filled, new GroupCommitAppender(queryLog));
        var cells = new List<ReadsCellResult>();
        try
        {
            foreach (var clients in settings.Readers)
            {
                var windows = Enum.GetValues<ReadsWorkload>().ToDictionary(w => w, _ => new List<ClosedLoopWindow>());
                var latencies = Enum.GetValues<ReadsWorkload>().ToDictionary(w => w, _ => new LatencyHistogram());
                var background = Enum.GetValues<ReadsWorkload>().ToDictionary(w => w, _ => new List<double>());
                var fastest = Enum.GetValues<ReadsWorkload>().ToDictionary(w => w, _ => new FastestReader());

                // One unmeasured Query window first, so that the readers' pool opens this many connections outside the
                // measured windows (the DCB suite's first 100-client window showed that cost in its p99). Its answers are checked.
                _ = await run.MeasureAsync(ReadsWorkload.Query, clients, new LatencyHistogram(), new FastestReader(), cancellationToken).ConfigureAwait(false);
                for (var round = 0; round < settings.Rounds; round++)
                {
                    foreach (var workload in Enum.GetValues<ReadsWorkload>())
                    {
                        var (window, backgroundRate) = await run.MeasureAsync(workload, clients, latencies[workload], fastest[workload], cancellationToken).ConfigureAwait(false);
                        windows[workload].Add(window);
                        if (backgroundRate is { } rate)
                        {
                            background[workload].Add(rate);
                        }
                    }
                }

                foreach (var workload in Enum.GetValues<ReadsWorkload>())
                {
                    var of = windows[workload];
                    var events = of.Select(w => w.UnitsPerSecond).ToArray();
                    cells.Add(new ReadsCellResult(workload, clients, RoundStatistics.Median([.. of.Select(w => w.OperationsPerSecond)]), RoundStatistics.Median(events), events,
                        latencies[workload].Summary(), (double)of.Sum(w => w.AllocatedBytes) / Math.Max(1, of.Sum(w => w.Operations)),
                        background[workload].Count > 0 ? RoundStatistics.Median(background[workload]) : null, fastest[workload].EventsPerSecond));
                }

                console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{clients} clients: ") + string.Join("; ", cells.Where(c => c.Clients == clients).Select(c =>
                    string.Create(CultureInfo.InvariantCulture, $"{c.Workload} {c.OperationsPerSecond.Estimate:N0} ops/s, {c.EventsPerSecond.Estimate:N0} events/s"))));
            }
        }
        finally
        {
            await run.Appender.DisposeAsync().ConfigureAwait(false);
        }

        var readBack = await CountWrittenAsync(queryLog, filled, cancellationToken).ConfigureAwait(false);
        if (readBack != run.WritesAcknowledged)
        {
            run.Wrong.Enqueue(string.Create(CultureInfo.InvariantCulture, $"{run.WritesAcknowledged:N0} writes acknowledged, {readBack:N0} in the log"));
        }

        var result = new ReadsSuiteResult(settings, build, projectLoad, cells, run.WritesAcknowledged, readBack, [.. run.Wrong.Take(20)],
            EnvironmentProbe.ForSuite(provider.Description, commandLine, suite.Started));
        var summary = suite.Complete(Report, result);
        console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Writes: {run.WritesAcknowledged:N0} acknowledged, {readBack:N0} read back; {(run.Wrong.IsEmpty ? "every query and projection exact" : $"{run.Wrong.Count} wrong answers")}"));
        console.WriteLine($"Results: {summary}");
        return run.Wrong.IsEmpty ? ExitCodes.Verified : ExitCodes.BrokenGuarantee;
    }

    private static async Task<long> CountWrittenAsync(IDcbLogReader log, long after, CancellationToken cancellationToken)
    {
        long count = 0;
        var query = new DcbQuery([new DcbQueryItem([WrittenType], [])]);
        for (var from = after; ;)
        {
            var page = await log.ReadAsync(query, from, 10_000, cancellationToken).ConfigureAwait(false);
            count += page.Count;
            if (page.Count == 0)
            {
                return count;
            }

            from = page[^1].Position;
        }
    }
}
