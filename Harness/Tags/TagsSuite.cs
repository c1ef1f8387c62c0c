using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Measurement;
using EventCommitLab.Harness.Reporting;
using EventCommitLab.Harness.Statistics;
using EventCommitLab.SuitePorts.Tags;

namespace EventCommitLab.Harness.Tags;

/// <summary>
/// <c>suite tags</c>: the original's tag queries. One log per way of storing tags, each built with the store's fastest
/// bulk path; then, for each count of tagged events at the log's end, every storage queried in turn (rotated), each
/// query checked to return exactly those events in order.
/// </summary>
internal static class TagsSuite
{
    public const string Name = "tags";

    /// <summary>The suite's pages, from its result.</summary>
    public static SuiteReport Report => SuiteReport.For<TagsSuiteResult>(
        Name, TagsSummaryWriter.Write,
        run => run.Queries.Select(q => new SuiteFigure(string.Create(CultureInfo.InvariantCulture, $"{q.Storage}, {q.Tagged} tagged"), "ms per query", q.Median, HigherIsBetter: false)));

    private static readonly Option<long> Iterations = LabOption.Of("--iterations", "N", "measured queries per tag and storage, 1..100", (o, v) => OptionValues.Number(o, v, 1, 100));

    /// <summary><c>suite tags</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "tag queries at the end of a large log: JSON array with GIN, comma-separated text with LIKE, a tag table",
        "no strategy runs; the logs are built in bulk and only queried", [SuiteOptions.Quick, Iterations],
        (r, o) => (r.GetValue(SuiteOptions.Quick) ? TagsSuiteSettings.Quick : TagsSuiteSettings.Full) is var tags
            ? o with { Verb = "suite", VerbArguments = [Name], Tags = r.Given(Iterations, out var n) ? tags with { Iterations = (int)n } : tags }
            : o);

    public static async Task<int> RunAsync(HarnessOptions options, TagsSuiteSettings settings, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(console);
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.Provider;
        var tagLogs = suite.Part<ITagLogProvider>("cannot build a tag log");
        var storages = Enum.GetValues<TagStorage>();
        var logs = new List<ITagLog>();
        try
        {
            foreach (var storage in storages)
            {
                console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Building {settings.Events:N0} events, tags as {storage} ..."));
                var log = await tagLogs.BuildTagLogAsync(storage, settings.Events, settings.TaggedAtEnd, cancellationToken).ConfigureAwait(false);
                logs.Add(log);
                console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  built in {log.BuildTime.TotalSeconds:0.0} s, {log.Bytes / 1048576.0:N0} MiB"));
            }

            var queries = new List<TagQueryResult>();
            foreach (var tagged in settings.TaggedAtEnd)
            {
                var expected = Enumerable.Range(1, tagged).Select(k => settings.Events - tagged + k).ToArray();
                var times = logs.ToDictionary(l => l.Storage, _ => new List<double>());
                var allocated = logs.ToDictionary(l => l.Storage, _ => 0L);
                var exact = logs.ToDictionary(l => l.Storage, _ => true);
                for (var iteration = 0; iteration < settings.Warmups + settings.Iterations; iteration++)
                {
                    foreach (var log in RoundOrder.Rotated(logs, iteration))
                    {
                        var before = GC.GetTotalAllocatedBytes();
                        var watch = Stopwatch.StartNew();
                        var positions = await log.QueryAsync($"last-{tagged}", cancellationToken).ConfigureAwait(false);
                        watch.Stop();
                        var bytes = GC.GetTotalAllocatedBytes() - before;
                        exact[log.Storage] &= positions.SequenceEqual(expected);
                        if (iteration >= settings.Warmups)
                        {
                            times[log.Storage].Add(watch.Elapsed.TotalMilliseconds);
                            allocated[log.Storage] += bytes;
                        }
                    }
                }

                foreach (var log in logs)
                {
                    var result = new TagQueryResult(log.Storage, tagged, times[log.Storage], RoundStatistics.Median(times[log.Storage]),
                        (double)allocated[log.Storage] / settings.Iterations, exact[log.Storage]);
                    queries.Add(result);
                    console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"  {tagged,6:N0} tagged, {log.Storage}: median {result.Median.Estimate:0.###} ms, mean {result.Mean:0.###} ms{(result.Exact ? "" : ", NOT the tagged events")}"));
                }
            }

            var run = new TagsSuiteResult(settings, [.. logs.Select(l => new TagLogBuild(l.Storage, l.BuildTime, l.Bytes))], queries,
                SuiteEnvironment.Here(provider.Description, commandLine, suite.Started));
            console.WriteLine($"Results: {suite.Complete(Report, run)}");
            return queries.All(q => q.Exact) ? ExitCodes.Verified : ExitCodes.BrokenGuarantee;
        }
        finally
        {
            foreach (var log in logs)
            {
                await log.DisposeAsync().ConfigureAwait(false);
            }
        }
    }
}
