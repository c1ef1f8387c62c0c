using System.CommandLine;
using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Tags;

namespace EventCommitLab.Harness.Tags;

/// <summary>
/// <c>suite tags</c>: the original's tag queries. One log per way of storing tags, each built with the store's fastest
/// bulk path; then, for each count of tagged events at the log's end, a race of the storages on queries/s (each round
/// queries every storage still racing once), each query checked to return exactly those events in order.
/// </summary>
internal static class TagsSuite
{
    public const string Name = "tags";

    /// <summary>The one group each query's race judges: every storage.</summary>
    private const string Group = "storages";

    /// <summary>The suite's pages, from its result.</summary>
    public static SuiteReport Report => SuiteReport.For<TagsSuiteResult>(
        Name, TagsSummaryWriter.Write,
        run => run.Queries.Select(q => new SuiteFigure(string.Create(CultureInfo.InvariantCulture, $"{q.Storage}, {q.Tagged} tagged"), "ms per query", q.Median, HigherIsBetter: false)),
        verdicts: run => (run.Verdicts ?? []).Select(v => new SuiteVerdict(string.Create(CultureInfo.InvariantCulture, $"{v.Tagged} tagged"), v.Race)));

    private static readonly Option<long> Rounds = LabOption.Of("--rounds", "N", "the most race rounds per tag: queries of every storage still racing, 1..100", (o, v) => OptionValues.Number(o, v, 1, 100));

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync) { UnderSuiteGroup = true };

    /// <summary><c>suite tags</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "tag queries at the end of a large log: JSON array with GIN, comma-separated text with LIKE, a tag table",
        "no strategy runs; the logs are built in bulk and only queried", [SuiteOptions.Quick, Rounds],
        (r, o) => (r.GetValue(SuiteOptions.Quick) ? TagsSuiteSettings.Quick : TagsSuiteSettings.Full) is var tags
            ? o with { Suite = Name, SuiteSettings = r.Given(Rounds, out var n) ? tags with { Rounds = (int)n } : tags }
            : o);

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var settings = options.SuiteSetting<TagsSuiteSettings>();
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.Provider;
        var tagLogs = suite.RequirePort<ITagLogProvider>("cannot build a tag log");
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
            var verdicts = new List<TagsVerdict>();
            var race = settings.Race;
            foreach (var (tagged, row) in settings.TaggedAtEnd.Select((t, i) => (t, i)))
            {
                var expected = Enumerable.Range(1, tagged).Select(k => settings.Events - tagged + k).ToArray();
                var byName = logs.ToDictionary(l => l.Storage.ToString());
                var times = logs.ToDictionary(l => l.Storage, _ => new List<double>());
                var allocated = logs.ToDictionary(l => l.Storage, _ => 0L);
                var exact = logs.ToDictionary(l => l.Storage, _ => true);
                var running = new Race([.. byName.Keys.Select(n => new RaceEntrant(n, [Group]))], [new RaceGroup(Group, MustDecide: true)], race);
                var runner = new RaceRunner(running, QueryAsync, row);
                await runner.WarmUpAsync(settings.Warmups - 1, cancellationToken).ConfigureAwait(false);
                await runner.QualifyAsync(cancellationToken).ConfigureAwait(false);
                await runner.RunAsync(cancellationToken).ConfigureAwait(false);
                foreach (var log in logs)
                {
                    var name = log.Storage.ToString();
                    var result = new TagQueryResult(log.Storage, tagged, times[log.Storage], RoundStatistics.Median(times[log.Storage]),
                        (double)allocated[log.Storage] / Math.Max(1, times[log.Storage].Count), exact[log.Storage], running.Exits.GetValueOrDefault(name));
                    queries.Add(result);
                    console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"  {tagged,6:N0} tagged, {log.Storage}: median {result.Median.Estimate:0.###} ms, mean {result.Mean:0.###} ms over {result.Milliseconds.Count} rounds{(result.Exact ? "" : ", NOT the tagged events")}"));
                }

                if (RaceVerdict.Of(running, Group, name => exact[byName[name].Storage] ? null : "returned other events than the tagged ones") is { } verdict)
                {
                    verdicts.Add(new TagsVerdict(tagged, verdict));
                    console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                        $"  {tagged,6:N0} tagged: {running.Rounds} race rounds, {RaceEnds.Describe(running.End)}: {VerdictText.Of(verdict)}"));
                }

                async Task<double?> QueryAsync(string name, bool qualifying)
                {
                    var log = byName[name];
                    var before = GC.GetTotalAllocatedBytes();
                    var watch = Stopwatch.StartNew();
                    var positions = await log.QueryAsync($"last-{tagged}", cancellationToken).ConfigureAwait(false);
                    watch.Stop();
                    var bytes = GC.GetTotalAllocatedBytes() - before;
                    exact[log.Storage] &= positions.SequenceEqual(expected);
                    if (!qualifying)
                    {
                        times[log.Storage].Add(watch.Elapsed.TotalMilliseconds);
                        allocated[log.Storage] += bytes;
                    }

                    return 1000 / Math.Max(watch.Elapsed.TotalMilliseconds, 1e-3);
                }
            }

            var run = new TagsSuiteResult(settings, [.. logs.Select(l => new TagLogBuild(l.Storage, l.BuildTime, l.Bytes))], queries,
                EnvironmentProbe.ForSuite(provider.Description, commandLine, suite.Started), race, verdicts);
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
