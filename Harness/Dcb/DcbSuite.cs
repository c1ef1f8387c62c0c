using System.CommandLine;
using System.Globalization;
using EventCommitLab.Dcb;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Measurement;
using EventCommitLab.Harness.Reporting;
using EventCommitLab.Harness.Statistics;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Harness.Dcb;

/// <summary>
/// <c>suite dcb</c>: conditional appends as UmaDB and go-crablet measure them. Per dataset size, each appender gets a
/// log of its own loaded with the course-enrollment dataset (and the conflict workloads' seed). Then, per append size
/// and client count, rounds: in each, every workload runs one closed-loop window through every appender (appenders
/// rotated per round), so that Append and AppendIf of one appender run side by side. Every log is read back at the end.
/// </summary>
internal static class DcbSuite
{
    public const string Name = "dcb";

    /// <summary>The suite's pages, from its result.</summary>
    public static SuiteReport Report => SuiteReport.For<DcbSuiteResult>(
        Name, DcbSummaryWriter.Write,
        run => run.Cells.Select(c => new SuiteFigure(
            string.Create(CultureInfo.InvariantCulture, $"{c.Size}, {c.EventsPerAppend} events, {c.Workload.Name}, {c.Clients} clients, {c.Appender}"), "appends/s", c.OperationsPerSecond, HigherIsBetter: true)),
        DcbSummaryWriter.Charts);

    private static readonly Option<CourseEnrollmentSize[]> Sizes = LabOption.Of(
        "--sizes", "S,...", "course-enrollment dataset sizes: tiny, small, medium",
        (o, v) => OptionValues.List(o, v).Select(CourseEnrollmentSize.Parse).Distinct().ToArray());

    private static readonly Option<string[]> Appenders = LabOption.Of(
        "--appenders", "A,...", $"DCB appenders [all]: {string.Join(", ", DcbAppenderCatalog.All.Keys)}",
        (o, v) => OptionValues.List(o, v).Distinct().ToArray() is var names && names.FirstOrDefault(a => !DcbAppenderCatalog.All.ContainsKey(a)) is { } unknown
            ? throw new ArgumentException($"{o}: '{unknown}' is not a DCB appender; valid: {string.Join(", ", DcbAppenderCatalog.All.Keys)}.")
            : names);

    /// <summary><c>suite dcb</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "conditional appends (DCB): Append vs AppendIf with and without conflict, 1 and 10 events, 1/10/100 clients",
        "the workloads, append sizes and client counts are the originals'", [SuiteOptions.Quick, SuiteOptions.Rounds, Sizes, Appenders],
        (r, o) => (r.GetValue(SuiteOptions.Quick) ? DcbSuiteSettings.Quick : DcbSuiteSettings.Full) is var dcb
            ? o with
            {
                Verb = "suite",
                VerbArguments = [Name],
                Dcb = dcb with
                {
                    Rounds = r.Given(SuiteOptions.Rounds, out var n) ? (int)n : dcb.Rounds,
                    Sizes = r.Given(Sizes, out var sizes) ? sizes : dcb.Sizes,
                    Appenders = r.Given(Appenders, out var appenders) ? appenders : dcb.Appenders,
                },
            }
            : o);

    public static async Task<int> RunAsync(HarnessOptions options, DcbSuiteSettings settings, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(console);
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.Provider;
        var dcbLogs = suite.Part<IDcbLogProvider>("has no DCB log");
        var loads = new List<DcbLoad>();
        var cells = new List<DcbCellResult>();
        var verifications = new List<DcbVerification>();
        var mechanisms = new Dictionary<string, string>();
        var windows = settings.Sizes.Count * settings.EventsPerAppend.Count * settings.Clients.Count * settings.Rounds * settings.Workloads.Count * settings.Appenders.Count;
        var done = 0;
        foreach (var size in settings.Sizes)
        {
            var (dataset, counts) = CourseEnrollmentDataset.Generate(size, settings.Seed);
            var seed = DcbOperations.ConflictSeed(settings.ConflictingEvents);
            var logs = new List<AppenderLog>();
            try
            {
                foreach (var name in settings.Appenders)
                {
                    var log = await dcbLogs.CreateDcbLogAsync(cancellationToken).ConfigureAwait(false);
                    var watch = System.Diagnostics.Stopwatch.StartNew();
                    await log.LoadAsync([.. dataset, .. seed], cancellationToken).ConfigureAwait(false);
                    if (logs.Count == 0)
                    {
                        loads.Add(new DcbLoad(size.Name, counts, watch.Elapsed));
                        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                            $"{size.Name}: {counts.Events:N0} events ({counts.Courses:N0} courses, {counts.Students:N0} students, {counts.Enrollments:N0} enrollments) loaded with binary COPY in {watch.Elapsed.TotalMilliseconds:N0} ms"));
                    }

                    var appender = DcbAppenderCatalog.Create(name, log);
                    mechanisms[name] = appender.Mechanism;
                    logs.Add(new AppenderLog(name, log, appender, await log.HeadAsync(cancellationToken).ConfigureAwait(false), new DcbOperations(size.Courses), new DcbLedger()));
                }

                foreach (var events in settings.EventsPerAppend)
                {
                    foreach (var clients in settings.Clients)
                    {
                        var samples = new Dictionary<(DcbWorkload, string), List<ClosedLoopWindow>>();
                        var latencies = new Dictionary<(DcbWorkload, string), LatencyHistogram>();
                        var retries = new Dictionary<(DcbWorkload, string), long>();

                        // One unmeasured window per appender at this many clients first: a transaction-per-append appender
                        // otherwise opens its extra connections inside the first measured window (its p99 at 100 clients
                        // was 1.4-2.0 s in the first block only). Its appends are real, kept in the ledger and read back.
                        foreach (var target in logs)
                        {
                            await ClosedLoop.ForAsync(clients, settings.Window, _ => AppendOnceAsync(target, DcbWorkload.Append, events, cancellationToken), new LatencyHistogram()).ConfigureAwait(false);
                        }

                        for (var round = 0; round < settings.Rounds; round++)
                        {
                            foreach (var workload in settings.Workloads)
                            {
                                foreach (var target in RoundOrder.Rotated(logs, round))
                                {
                                    var key = (workload, target.Name);
                                    if (!latencies.TryGetValue(key, out var histogram))
                                    {
                                        latencies[key] = histogram = new LatencyHistogram();
                                        samples[key] = [];
                                        retries[key] = 0;
                                    }

                                    // One appender at a time: what its counter gained in the window is this window's.
                                    var retriesBefore = target.Appender.Retries;
                                    samples[key].Add(await ClosedLoop.ForAsync(clients, settings.Window, _ => AppendOnceAsync(target, workload, events, cancellationToken), histogram).ConfigureAwait(false));
                                    retries[key] += target.Appender.Retries - retriesBefore;
                                    done++;
                                }
                            }
                        }

                        foreach (var ((workload, appender), windowsOf) in samples)
                        {
                            var operations = windowsOf.Select(w => w.OperationsPerSecond).ToArray();
                            var cell = new DcbCellResult(size.Name, events, workload, clients, appender, operations,
                                RoundStatistics.Median(operations), RoundStatistics.Median([.. windowsOf.Select(w => w.UnitsPerSecond)]),
                                latencies[(workload, appender)].Summary(),
                                (double)retries[(workload, appender)] / Math.Max(1, windowsOf.Sum(w => w.Operations)),
                                (double)windowsOf.Sum(w => w.AllocatedBytes) / Math.Max(1, windowsOf.Sum(w => w.Operations)));
                            cells.Add(cell);
                        }

                        console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"[{done}/{windows}] {size.Name}, {events} event(s) per append, {clients} clients: ") +
                            string.Join("; ", settings.Appenders.Select(a => string.Create(CultureInfo.InvariantCulture,
                                $"{a} {string.Join(" / ", settings.Workloads.Select(w => cells.Last(c => c.Appender == a && c.Workload == w).OperationsPerSecond.Estimate.ToString("N0", CultureInfo.InvariantCulture)))}"))) +
                            " appends/s (" + string.Join(" / ", settings.Workloads.Select(w => w.Name)) + ")");
                    }
                }

                foreach (var target in logs)
                {
                    await target.Appender.DisposeAsync().ConfigureAwait(false);
                    var verification = await DcbVerifier.VerifyAsync(target.Log, target.SeedHead, target.Ledger, target.Operations, target.Name, size.Name, cancellationToken).ConfigureAwait(false);
                    verifications.Add(verification);
                    console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"  {size.Name}, {target.Name}: {verification.Appends:N0} appends, {verification.EventsRead:N0} events read back: {(verification.Clean ? "clean" : $"{verification.Violations.Count} violations, first: {verification.Violations[0]}")}"));
                }
            }
            finally
            {
                foreach (var target in logs)
                {
                    await target.Appender.DisposeAsync().ConfigureAwait(false);
                    await target.Log.DisposeAsync().ConfigureAwait(false);
                }
            }
        }

        var goals = DcbGoals.Evaluate(cells, settings);
        var run = new DcbSuiteResult(settings, mechanisms, loads, cells, goals, verifications, SuiteEnvironment.Here(provider.Description, commandLine, suite.Started));
        console.WriteLine($"Results: {suite.Complete(Report, run)}");
        return verifications.All(v => v.Clean) ? ExitCodes.Verified : ExitCodes.BrokenGuarantee;
    }

    private static async Task<long> AppendOnceAsync(AppenderLog target, DcbWorkload workload, int events, CancellationToken cancellationToken)
    {
        var (operation, append) = target.Operations.Next(workload, events);
        try
        {
            var result = await target.Appender.AppendAsync(append, cancellationToken).ConfigureAwait(false);
            target.Ledger.Record(new DcbLedgerEntry(operation, events, workload, result.Appended));
            return result.Positions.Count;
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            // An append that ended in an error (retries exhausted, an unknown outcome) is counted and read back as either.
            target.Ledger.Record(new DcbLedgerEntry(operation, events, workload, null));
            return 0;
        }
    }

    private sealed record AppenderLog(string Name, IDcbLog Log, IDcbAppender Appender, long SeedHead, DcbOperations Operations, DcbLedger Ledger);
}
