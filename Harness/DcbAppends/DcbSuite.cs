using System.CommandLine;
using System.Globalization;
using EventCommitLab.Dcb;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Dcb;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>
/// <c>suite dcb</c>: conditional appends as UmaDB and go-crablet measure them. Per dataset size, each appender gets a
/// log of its own loaded with the course-enrollment dataset (and the conflict workloads' prefill). Then, per append size
/// and client count, a race: each workload judges the appenders on appends/s, and every round runs one closed-loop
/// window of every workload-appender pair still racing (in a shuffled rotated order), so that Append and AppendIf of one
/// appender run in the same rounds. Every log is read back at the end.
/// </summary>
internal static class DcbSuite
{
    public const string Name = "dcb";

    /// <summary>The suite's pages, from its result.</summary>
    public static SuiteReport Report => SuiteReport.For<DcbSuiteResult>(
        Name, DcbSummaryWriter.Write,
        run => run.Cells.Select(c => new SuiteFigure(
            string.Create(CultureInfo.InvariantCulture, $"{c.Size}, {c.EventsPerAppend} events, {c.Workload.Name}, {c.Clients} clients, {c.Appender}"), "appends/s", c.OperationsPerSecond, HigherIsBetter: true)),
        DcbSummaryWriter.Charts,
        run => (run.Verdicts ?? []).Select(v => new SuiteVerdict(
            string.Create(CultureInfo.InvariantCulture, $"{v.Size}, {v.EventsPerAppend} events, {v.Clients} clients, {v.Workload.Name}"), v.Race)));

    private static readonly Option<CourseEnrollmentSize[]> Sizes = LabOption.Of(
        "--sizes", "S,...", "course-enrollment dataset sizes: tiny, small, medium",
        (o, v) => OptionValues.List(o, v).Select(CourseEnrollmentSize.Parse).Distinct().ToArray());

    private static readonly Option<string[]> Appenders = LabOption.Of(
        "--appenders", "A,...", $"DCB appenders [all]: {string.Join(", ", DcbAppenderCatalog.All.Keys)}",
        (o, v) => OptionValues.List(o, v).Distinct().ToArray() is var names && names.FirstOrDefault(a => !DcbAppenderCatalog.All.ContainsKey(a)) is { } unknown
            ? throw new ArgumentException($"{o}: '{unknown}' is not a DCB appender; valid: {string.Join(", ", DcbAppenderCatalog.All.Keys)}.")
            : names);

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync) { UnderSuiteGroup = true };

    /// <summary><c>suite dcb</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "conditional appends (DCB): Append vs AppendIf with and without conflict, 1 and 10 events, 1/10/100 clients",
        "the workloads, append sizes and client counts are the originals'", [SuiteOptions.Quick, SuiteOptions.Rounds, Sizes, Appenders],
        (r, o) => (r.GetValue(SuiteOptions.Quick) ? DcbSuiteSettings.Quick : DcbSuiteSettings.Full) is var dcb
            ? o with
            {
                Suite = Name,
                SuiteSettings = dcb with
                {
                    Rounds = r.Given(SuiteOptions.Rounds, out var n) ? (int)n : dcb.Rounds,
                    Sizes = r.Given(Sizes, out var sizes) ? sizes : dcb.Sizes,
                    Appenders = r.Given(Appenders, out var appenders) ? appenders : dcb.Appenders,
                },
            }
            : o);

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var settings = options.SuiteSetting<DcbSuiteSettings>();
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.Provider;
        var dcbLogs = suite.RequirePort<IDcbLogProvider>("has no DCB log");
        var loads = new List<DcbLoad>();
        var cells = new List<DcbCellResult>();
        var verifications = new List<DcbVerification>();
        var mechanisms = new Dictionary<string, string>();
        var verdicts = new List<DcbVerdict>();
        var rows = settings.Sizes.Count * settings.EventsPerAppend.Count * settings.Clients.Count;
        var done = 0;
        var cellIndex = 0;
        foreach (var size in settings.Sizes)
        {
            var (dataset, counts) = CourseEnrollmentDataset.Generate(size, settings.RandomSeed);
            var prefill = DcbOperations.ConflictPrefill(settings.ConflictingEvents);
            var logs = new List<AppenderLog>();
            var races = new List<RacedCell>();
            try
            {
                foreach (var name in settings.Appenders)
                {
                    var log = await dcbLogs.CreateDcbLogAsync(cancellationToken).ConfigureAwait(false);
                    var watch = System.Diagnostics.Stopwatch.StartNew();
                    await log.LoadAsync([.. dataset, .. prefill], cancellationToken).ConfigureAwait(false);
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
                        // One unmeasured window per appender at this many clients first: a transaction-per-append appender
                        // otherwise opens its extra connections inside the first measured window. Its appends are real,
                        // kept in the ledger and read back.
                        foreach (var target in logs)
                        {
                            await ClosedLoop.ForAsync(clients, settings.Window, _ => AppendOnceAsync(target, DcbWorkload.Append, events, cancellationToken), new LatencyHistogram()).ConfigureAwait(false);
                        }

                        // One race per cell: every workload is a group of its own, judged among the appenders; its
                        // entrants are the workload-appender pairs, so Append and AppendIf of one appender run in the same rounds.
                        var entrants = settings.Workloads.SelectMany(w => logs.Select(t => new Entrant($"{w.Name} · {t.Name}", w, t))).ToDictionary(e => e.Name);
                        var race = new Race([.. entrants.Values.Select(e => new RaceEntrant(e.Name, [e.Workload.Name]))], [.. settings.Workloads.Select(w => new RaceGroup(w.Name, MustDecide: true))], settings.Race);
                        var runner = new RaceRunner(race, WindowAsync, cellIndex++);
                        await runner.QualifyAsync(cancellationToken).ConfigureAwait(false);
                        await runner.RunAsync(cancellationToken).ConfigureAwait(false);

                        foreach (var entrant in entrants.Values)
                        {
                            var windowsOf = entrant.Windows;
                            var operations = race.RoundsOf(entrant.Name);
                            var measured = operations.OfType<double>().ToArray();
                            var result = new DcbCellResult(size.Name, events, entrant.Workload, clients, entrant.Log.Name, operations,
                                Median(measured), Median([.. windowsOf.Select(w => w.UnitsPerSecond)]),
                                entrant.Latencies.Summary(),
                                (double)entrant.Retries / Math.Max(1, windowsOf.Sum(w => w.Operations)),
                                (double)windowsOf.Sum(w => w.AllocatedBytes) / Math.Max(1, windowsOf.Sum(w => w.Operations)),
                                race.Exits.GetValueOrDefault(entrant.Name));
                            cells.Add(result);
                        }

                        var raced = new RacedCell(events, clients, race, entrants);
                        races.Add(raced);
                        done++;
                        console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"[{done}/{rows}] {size.Name}, {events} event(s) per append, {clients} clients: {race.Rounds} race rounds, {RaceEnds.Describe(race.End)}; ") +
                            string.Join("; ", settings.Workloads.Select(w => $"{w.Name}: {(raced.Verdict(w, _ => false) is { } v ? VerdictText.Of(v) : "no verdict")}")));

                        async Task<double?> WindowAsync(string name, bool qualifying)
                        {
                            // One appender at a time: what its counter gained in the window is this window's.
                            var entrant = entrants[name];
                            var retriesBefore = entrant.Log.Appender.Retries;
                            var window = await ClosedLoop.ForAsync(clients, settings.Window, _ => AppendOnceAsync(entrant.Log, entrant.Workload, events, cancellationToken), qualifying ? null : entrant.Latencies).ConfigureAwait(false);
                            if (!qualifying)
                            {
                                entrant.Windows.Add(window);
                                entrant.Retries += entrant.Log.Appender.Retries - retriesBefore;
                            }

                            return window.Operations > 0 ? window.OperationsPerSecond : null;
                        }
                    }
                }

                foreach (var target in logs)
                {
                    await target.Appender.DisposeAsync().ConfigureAwait(false);
                    var verification = await DcbVerifier.VerifyAsync(target.Log, target.PrefillHead, target.Ledger, target.Operations, target.Name, size.Name, cancellationToken).ConfigureAwait(false);
                    verifications.Add(verification);
                    console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"  {size.Name}, {target.Name}: {verification.Appends:N0} appends, {verification.EventsRead:N0} events read back: {(verification.Clean ? "clean" : $"{verification.Violations.Count} violations, first: {verification.Violations[0]}")}"));
                }

                // Judged only now: an appender whose log read back wrong is not judged in any of the size's races.
                var broken = verifications.Where(v => v.Size == size.Name && !v.Clean).Select(v => v.Appender).ToHashSet(StringComparer.Ordinal);
                foreach (var raced in races)
                {
                    foreach (var workload in settings.Workloads)
                    {
                        if (raced.Verdict(workload, broken.Contains) is { } verdict)
                        {
                            verdicts.Add(new DcbVerdict(size.Name, raced.Events, raced.Clients, workload, verdict));
                        }
                    }
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
        var run = new DcbSuiteResult(settings, mechanisms, loads, cells, goals, verifications, EnvironmentProbe.ForSuite(provider.Description, commandLine, suite.Started), settings.Race, verdicts);
        console.WriteLine($"Results: {suite.Complete(Report, run)}");
        return verifications.All(v => v.Clean) ? ExitCodes.Verified : ExitCodes.BrokenGuarantee;
    }

    /// <summary>The median with its interval; for a pair whose every window failed (none appended anything), zero over no rounds.</summary>
    private static Interval Median(IReadOnlyCollection<double> samples) => samples.Count == 0 ? new Interval(0, null, null, 0) : RoundStatistics.Median(samples);

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

    /// <summary>One cell's race, kept until the size's logs are read back.</summary>
    private sealed record RacedCell(int Events, int Clients, Race Race, IReadOnlyDictionary<string, Entrant> Entrants)
    {
        /// <summary>The workload's verdict among the appenders <paramref name="broken"/> does not name, told in the appenders' names.</summary>
        public RaceVerdict? Verdict(DcbWorkload workload, Func<string, bool> broken) =>
            RaceVerdict.Of(Race, workload.Name, name => broken(Entrants[name].Log.Name) ? "its log read back wrong" : null) is { } verdict
                ? verdict with
                {
                    Leader = Entrants[verdict.Leader].Log.Name,
                    Set = [.. verdict.Set.Select(n => Entrants[n].Log.Name)],
                    Standings = [.. verdict.Standings.Select(s => s with { Contender = Entrants[s.Contender].Log.Name })],
                }
                : null;
    }

    private sealed record AppenderLog(string Name, IDcbLog Log, IDcbAppender Appender, long PrefillHead, DcbOperations Operations, DcbLedger Ledger);

    /// <summary>One workload through one appender in one cell's race, and what its race rounds saw.</summary>
    private sealed record Entrant(string Name, DcbWorkload Workload, AppenderLog Log)
    {
        public List<ClosedLoopWindow> Windows { get; } = [];

        public LatencyHistogram Latencies { get; } = new();

        public long Retries { get; set; }
    }
}
