using System.CommandLine;
using System.Globalization;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Mathematics;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Seed;

/// <summary>
/// <c>seed</c>: the seed's benchmark class run by BenchmarkDotNet on the store the verb starts, in this process (the
/// in-process toolchain: the cases share the one private server, which a process per case would have to find or start
/// itself), exported with BenchmarkDotNet's GitHub-markdown exporter; then each case's log checked by the verifier.
/// </summary>
internal static class SeedSuite
{
    public const string Name = "seed";


    private static readonly Option<long> Iterations = LabOption.Of(
        "--iterations", "N", $"measured waves of each case, 2..100 [{SeedSettings.Default.Iterations}]", (o, v) => OptionValues.Number(o, v, 2, 100));

    private static readonly Option<long> Warmups = LabOption.Of(
        "--warmups", "N", $"warm-up waves of each case, 0..20 [{SeedSettings.Default.Warmups}]", (o, v) => OptionValues.Number(o, v, 0, 20));

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync);

    /// <summary><c>seed</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "the seed's benchmark run by BenchmarkDotNet, in process: the seed's strategies, NumberOfEvents and ConcurrentBatches 1, 10, 100, one wave per operation; its GitHub-markdown table and the verifier's findings in seed.md",
        "the grid is the seed's: NumberOfEvents and ConcurrentBatches 1, 10, 100, both methods, waves",
        [GridOptions.Strategies, GridOptions.PayloadBytes, Iterations, Warmups],
        (r, o) => o with
        {
            Suite = Name,
            Strategies = r.Given(GridOptions.Strategies) ? o.Strategies : StrategyCatalog.Seed,
            SuiteSettings = new SeedSettings(
                r.Given(Warmups, out var warmups) ? (int)warmups : SeedSettings.Default.Warmups,
                r.Given(Iterations, out var iterations) ? (int)iterations : SeedSettings.Default.Iterations),
        });

    public const string GitHubReportFile = "benchmarkdotnet-report-github.md";

    /// <summary>The run's page (with BenchmarkDotNet's own table, from its report beside it) and its figures: each case's mean time per wave.</summary>
    public static SuiteReport Report => SuiteReport.For<SeedRun>(
        Name, SeedWriter.FileName, (run, folder) => SeedWriter.Write(run, File.ReadAllText(Path.Combine(folder, GitHubReportFile))),
        run => run.Cases.Where(c => c.MeanMs is not null).Select(c => new SuiteFigure(
            string.Create(CultureInfo.InvariantCulture, $"{c.Method}, {c.NumberOfEvents} x {c.ConcurrentBatches}, {c.Strategy}"), "ms per wave",
            new Interval(c.MeanMs!.Value, c.LowerMs, c.UpperMs, c.Iterations), HigherIsBetter: false)));

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var settings = options.SuiteSetting<SeedSettings>();
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var (folder, partial, provider, store) = (suite.Folder, suite.WorkingFolder, suite.Provider, suite.Store);
        try
        {
            SeedContext.Provider = provider;
            SeedContext.PayloadBytes = options.PayloadBytes;
            SeedContext.Strategies = options.Strategies;
            SeedContext.ClearChecks();

            var job = Job.Default
                .WithToolchain(new InProcessEmitToolchain(TimeSpan.FromMinutes(30), logOutput: true))
                .WithStrategy(RunStrategy.Monitoring)
                .WithLaunchCount(1).WithWarmupCount(settings.Warmups).WithIterationCount(settings.Iterations)
                .WithInvocationCount(1).WithUnrollFactor(1)
                .WithId("Seed");
            var artifacts = Path.Combine(partial, "benchmarkdotnet");
            var cases = 9 * 2 * options.Strategies.Count;
            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"BenchmarkDotNet {BenchmarkDotNetVersion}: {cases} cases ({options.Strategies.Count} strategies x 2 methods x NumberOfEvents 1, 10, 100 x ConcurrentBatches 1, 10, 100), {settings.Warmups} warm-up and {settings.Iterations} measured waves each, in process."));
            Summary summary;
            await using (var log = new StreamWriter(Path.Combine(partial, "benchmarkdotnet.log")))
            {
                var config = ManualConfig.CreateEmpty()
                    .AddJob(job)
                    .AddColumnProvider(DefaultColumnProviders.Instance)
                    .AddExporter(MarkdownExporter.GitHub)
                    .AddLogger(new SeedLogger(console, log))
                    .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(40))
                    .WithArtifactsPath(artifacts)
                    .WithOptions(ConfigOptions.DisableLogFile);
                // BenchmarkDotNet blocks until every case has run; the cancellation stops the store under it.
                summary = await Task.Run(() => BenchmarkRunner.Run(typeof(SeedBenchmarks), config), cancellationToken).ConfigureAwait(false);
            }

            cancellationToken.ThrowIfCancellationRequested();
            var report = Directory.GetFiles(Path.Combine(artifacts, "results"), "*-report-github.md").Single();
            File.Move(report, Path.Combine(partial, GitHubReportFile));
            Directory.Delete(artifacts, recursive: true);

            var checks = SeedContext.Checks;
            var run = new SeedRun(
                EnvironmentProbe.Cpu(), Environment.ProcessorCount, RuntimeInformation.OSDescription, RuntimeInformation.FrameworkDescription, provider.Description,
                store.Durability(options), BenchmarkDotNetVersion,
                string.Create(CultureInfo.InvariantCulture, $"Monitoring strategy (one wave per operation and per iteration), {settings.Warmups} warm-up and {settings.Iterations} measured iterations, 1 launch, in-process emit toolchain"),
                commandLine, suite.Source, suite.Started, DateTimeOffset.Now, [.. Cases(summary, checks)]);
            var page = suite.Complete(Report, run);

            var failed = run.Cases.Count(c => c.MeanMs is null);
            var broken = run.Cases.Count(c => c.Check is { Passed: false });
            console.WriteLine($"Seed benchmark: {page}; {run.Cases.Count} cases, {failed} without a result, {broken} with a broken guarantee.");
            return ExitCodes.OfRun(run.Cases.Count, failed, broken);
        }
        finally
        {
            SeedContext.Provider = null;
        }
    }

    private static string BenchmarkDotNetVersion => typeof(BenchmarkRunner).Assembly.GetName().Version?.ToString(3) ?? "unknown";

    /// <summary>BenchmarkDotNet's figure, or null where it has none (an interval of too few iterations is infinite).</summary>
    private static double? Finite(double value) => double.IsFinite(value) ? value : null;

    private static IEnumerable<SeedCase> Cases(Summary summary, IReadOnlyList<SeedCheck> checks)
    {
        foreach (var report in summary.Reports)
        {
            var benchmark = report.BenchmarkCase;
            var strategy = (string)benchmark.Parameters["Strategy"];
            var events = (int)benchmark.Parameters["NumberOfEvents"];
            var batches = (int)benchmark.Parameters["ConcurrentBatches"];
            var method = benchmark.Descriptor.WorkloadMethod.Name;
            var check = checks.LastOrDefault(c => c.Strategy == strategy && c.Method == method && c.NumberOfEvents == events && c.ConcurrentBatches == batches);
            var stats = report.Success ? report.ResultStatistics : null;
            const double NsPerMs = 1_000_000;
            yield return stats is null
                ? new SeedCase(strategy, method, events, batches, null, null, null, null, null, 0, check)
                : new SeedCase(strategy, method, events, batches, Finite(stats.Mean / NsPerMs), Finite(stats.StandardDeviation / NsPerMs),
                    Finite(stats.ConfidenceInterval.Lower / NsPerMs), Finite(stats.ConfidenceInterval.Upper / NsPerMs), stats.ConfidenceInterval.Level.ToPercent(), stats.N, check);
        }
    }
}
