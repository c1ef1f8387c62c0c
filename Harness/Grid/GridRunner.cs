using System.Globalization;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Csv;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Reporting;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies.Port;
using Perfolizer.Horology;

namespace EventCommitLab.Harness.Grid;

/// <summary>
/// The main job: start (or reach) the store, measure its durable flush, let BenchmarkDotNet drive every case in
/// this process, merge its statistics with the harness's own measurements and verdicts, and write the results
/// folder. The folder is written under a temporary name and renamed at the end, so a failed or cancelled run leaves
/// nothing half-written.
/// </summary>
internal static class GridRunner
{
    private const int FlushProbeCommits = 200;

    /// <returns>0 when every case ran and verified; 1 when a verifier found a broken guarantee; 3 when no case ran.</returns>
    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken, bool allowUnoptimizedBuild = false)
    {
        var folder = ResultsFolder.Choose(options);
        var partial = folder + ".partial";
        Directory.CreateDirectory(partial);
        try
        {
            var started = DateTimeOffset.Now;

            // Read before the run: the source the binary was built from, not what the tree holds by the end.
            var source = EnvironmentProbe.GitCommit();
            await using var provider = options.Store == "mongo"
                ? (IEventStoreProvider)await MongoStoreProvider.StartAsync(options.Mongo, cancellationToken)
                : await PostgresStoreProvider.StartAsync(options.Postgres with { Durability = options.Durability }, line => console.WriteLine($"[postgres] {line}"), cancellationToken);
            console.WriteLine($"Store: {provider.Description}");
            var flush = await DurableFlushProbe.MeasureAsync(provider, FlushProbeCommits, cancellationToken);
            console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Durable flush: median {flush.MedianMs:0.###} ms, p95 {flush.P95Ms:0.###} ms over {FlushProbeCommits} single-row commits"));

            var run = new LabRun(options, provider, new ProgressReporter(LabRun.CountCases(options), console), cancellationToken);
            LabRun.Current = run;
            console.WriteLine($"Running {LabRun.CountCases(options)} cases ({LabJobs.Describe(options.Job)}); BenchmarkDotNet's log: {Path.Combine(folder, "benchmark.log")}");
            Summary summary;
            using (var log = new BenchmarkLogFile(Path.Combine(partial, "benchmark.log")))
            {
                summary = BenchmarkRunner.Run<CommitWaveBenchmarks>(Config(options, partial, log, allowUnoptimizedBuild), [.. options.BenchmarkDotNetArguments]);
            }

            LabRun.Current = null;
            cancellationToken.ThrowIfCancellationRequested();
            if (!summary.ValidationErrors.IsDefaultOrEmpty && summary.Reports.IsDefaultOrEmpty)
            {
                throw new InvalidOperationException("BenchmarkDotNet refused to run: " + string.Join(" ", summary.ValidationErrors.Select(e => e.Message)));
            }

            var cases = Merge(summary, run);
            var environment = new RunEnvironment(
                EnvironmentProbe.Cpu(), Environment.ProcessorCount, EnvironmentProbe.Memory(), RuntimeInformation.OSDescription,
                RuntimeInformation.FrameworkDescription, EnvironmentProbe.Packages(), provider.Description,
                options.Store == "mongo" ? $"write concern {options.Mongo.WriteConcern}" : options.Durability == PostgresDurability.Durable ? "durable" : "async-commit",
                flush.MedianMs, flush.P95Ms, options.Prefill, options.PayloadBytes, LabJobs.Describe(options.Job), commandLine,
                source, started, DateTimeOffset.Now);
            var record = new RunRecord(environment, run.Claims, cases);
            ResultsWriter.Write(record, partial);
            Directory.Move(partial, folder);

            var failed = cases.Count(c => c.Failure is not null);
            var broken = cases.Count(c => !c.VerdictPassed);
            console.WriteLine($"Results: {Path.Combine(folder, "summary.md")}");
            console.WriteLine($"{cases.Count} cases: {cases.Count - failed} measured, {failed} failed (causes in the summary), {broken} with a broken guarantee.");
            return failed == cases.Count ? 3 : broken > 0 ? 1 : 0;
        }
        catch
        {
            LabRun.Current = null;
            if (Directory.Exists(partial))
            {
                Directory.Delete(partial, recursive: true);
            }

            throw;
        }
    }

    private static ManualConfig Config(HarnessOptions options, string folder, BenchmarkLogFile log, bool allowUnoptimizedBuild)
    {
        var methods = options.Methods.Select(m => m.ToString()).ToHashSet(StringComparer.Ordinal);
        return ManualConfig.CreateEmpty()
            .AddJob(LabJobs.For(options.Job))
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddExporter(MarkdownExporter.GitHub, CsvExporter.Default, JsonExporter.Full)
            .AddLogger(log)
            .AddFilter(new SimpleFilter(c => methods.Contains(c.Descriptor.WorkloadMethod.Name)))
            .WithArtifactsPath(Path.Combine(folder, "benchmarkdotnet"))
            .WithSummaryStyle(SummaryStyle.Default.WithTimeUnit(TimeUnit.Millisecond))
            .WithOption(ConfigOptions.DisableOptimizationsValidator, allowUnoptimizedBuild)
            .WithOption(ConfigOptions.DisableLogFile, true);
    }

    // One iteration (the dry job) has no spread: BenchmarkDotNet reports an infinite or undefined margin.
    private static double? Finite(double value) => double.IsFinite(value) ? value : null;

    private static List<CaseResult> Merge(Summary summary, LabRun run)
    {
        var cases = new List<CaseResult>();
        foreach (var report in summary.Reports)
        {
            var benchmark = report.BenchmarkCase;
            var key = new CaseKey(
                Enum.Parse<BenchmarkMethod>(benchmark.Descriptor.WorkloadMethod.Name),
                (string)benchmark.Parameters[nameof(CommitWaveBenchmarks.Contender)],
                (int)benchmark.Parameters[nameof(CommitWaveBenchmarks.NumberOfEvents)],
                (int)benchmark.Parameters[nameof(CommitWaveBenchmarks.ConcurrentBatches)]);
            var result = run.Results.TryGetValue(key, out var measured)
                ? measured
                : CaseResults.NotRun(key, "BenchmarkDotNet did not set the case up (see benchmark.log)");
            if (report.ResultStatistics is { } stats && result.Failure is null)
            {
                result = result with
                {
                    MeanMs = stats.Mean / 1e6,
                    ErrorMs = Finite(stats.ConfidenceInterval.Margin / 1e6),
                    StdDevMs = Finite(stats.StandardDeviation / 1e6),
                    Iterations = stats.N,
                    EventsPerSecond = result.EventsPerWave / (stats.Mean / 1e9),
                    AllocatedBytesPerWave = report.GcStats.GetBytesAllocatedPerOperation(benchmark),
                };
            }
            else if (result.Failure is null)
            {
                result = result with { Failure = "BenchmarkDotNet reported no result (see benchmark.log)" };
            }

            cases.Add(result);
        }

        return CaseResults.WithCeilingFractions(cases);
    }
}
