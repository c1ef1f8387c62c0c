using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Faults;
using EventCommitLab.Harness.Floor;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Seed;
using EventCommitLab.Harness.Sweep;
using EventCommitLab.Harness.Tags;
using EventCommitLab.Reporting;
using EventCommitLab.Strategies.Implementations;
using EventCommitLab.SuitePorts.Tags;
using EventCommitLab.Tests.Infrastructure;
using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Engine.Results;

/// <summary>Every suite keeps its result in results.json: <c>report</c> writes its pages again from it, <c>compare</c> sets two of its runs side by side.</summary>
public sealed class SuiteRecordTests : IDisposable
{
    private static readonly SuiteEnvironment Here = new("cpu", 2, "linux", ".NET", "PostgreSQL", "abc1234", "test", DateTimeOffset.Now, DateTimeOffset.Now);

    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-suite-record-").FullName;

    [Fact]
    public void a_faults_run_is_kept_whole_and_report_writes_its_summary_again_from_it()
    {
        var folder = Folder("faults");
        var broken = new VerificationTally(VerificationKind.Verifier, false, 10, 9, [new ViolationTally(ViolationKind.LostEvents, true, 1, "event 7 missing")]);
        var run = new FaultsSuiteResult(
            [new FaultCaseResult(FaultKind.TerminateBackends, "InsertMany", InsertManyStrategy.Claims, 3, 10, 9, 1, 0, 1, 0, 0, 1, TimeSpan.FromSeconds(1), broken, "connection ended", null)],
            [new SoakResult("InsertMany", 1000, TimeSpan.FromSeconds(60), 100, 100, 0, 1 << 20, 0, null, new VerificationTally(VerificationKind.Verifier, true, 100, 100, []), null, null)],
            Here);

        WriteRun(FaultsSuite.Report, run, folder);

        ReportRoundTrip.AssertReportRewritesTheSameSummary(folder, "faults");
    }

    [Fact]
    public void compare_sets_two_runs_of_one_suite_side_by_side_figure_by_figure_and_refuses_two_suites()
    {
        var (older, newer, faults) = (Folder("floor-old"), Folder("floor-new"), Folder("faults"));
        WriteRun(FloorSuite.Report, Raw(new Interval(250, 200, 300, 10), new Interval(1000, 900, 1100, 10)), older);
        WriteRun(FloorSuite.Report, Raw(new Interval(600, 550, 650, 10), new Interval(1050, 950, 1150, 10)), newer);
        WriteRun(FaultsSuite.Report, new FaultsSuiteResult([], [], Here), faults);
        var output = new StringWriter();

        Assert.Equal(0, CompareCommand.Run([older, newer], null, output));

        var table = File.ReadAllText(Path.Combine(newer, "compare-vs-floor-old.md"));
        Assert.Contains("| insert, durable | rows/s | 250 [200, 300] | 600 [550, 650] | 2.40 | better |", table, StringComparison.Ordinal);
        Assert.Contains("| insert, lazy flush | rows/s | 1,000 [900, 1,100] | 1,050 [950, 1,150] | 1.05 | within the noise |", table, StringComparison.Ordinal);
        Assert.Contains("1 figures better with the intervals apart, 0 worse with the intervals apart, 1 within the noise", table, StringComparison.Ordinal);
        var mixed = Assert.Throws<ArgumentException>(() => CompareCommand.Run([older, faults], null, TextWriter.Null));
        Assert.Equal("compare: floor-old is a run of the floor suite and faults is a run of the faults suite; compare two runs of one suite, or two runs of the main job.", mixed.Message);
    }

    [Fact]
    public void compare_sets_two_raced_suite_runs_verdicts_side_by_side_counts_agreement_on_decisions_only_and_names_a_leader_the_other_run_found_slower()
    {
        var (older, newer, unraced) = (Folder("tags-old"), Folder("tags-new"), Folder("tags-unraced"));
        WriteRun(TagsSuite.Report, Tags(Winner("JsonArrayGin", ("TagTable", PairDecision.Behind)), Winner("JsonArrayGin", ("TagTable", PairDecision.Behind)), Undecided("TagTable")), older);
        WriteRun(TagsSuite.Report, Tags(Winner("JsonArrayGin", ("TagTable", PairDecision.Behind)), Winner("TagTable", ("JsonArrayGin", PairDecision.Slower)), Undecided("TagTable")), newer);
        WriteRun(TagsSuite.Report, Tags() with { Race = null, Verdicts = null }, unraced);

        Assert.Equal(0, CompareCommand.Run([older, newer], null, TextWriter.Null));
        Assert.Equal(0, CompareCommand.Run([unraced, newer], null, TextWriter.Null));

        var table = File.ReadAllText(Path.Combine(newer, "compare-vs-tags-old.md"));
        Assert.Contains("| 10 tagged | JsonArrayGin (winner) | JsonArrayGin (winner) | same decision | no |", table, StringComparison.Ordinal);
        Assert.Contains("| 100 tagged | JsonArrayGin (winner) | TagTable (winner) | decided differently | **yes** |", table, StringComparison.Ordinal);
        Assert.Contains("| 1000 tagged | undecided: TagTable leads JsonArrayGin 0.95 [0.85–1.05] | undecided: TagTable leads JsonArrayGin 0.95 [0.85–1.05] | undecided in both | no |", table, StringComparison.Ordinal);
        Assert.Contains(
            "of 3 rows both runs raced, decided in both **2**, of which the same decision **1 of 2**; decided in one only 0 (old only 0, new only 0); undecided in both 1 (they agree on nothing); **1 conflicts**",
            table, StringComparison.Ordinal);
        Assert.Contains("Only tags-new raced its rows (tags-unraced is from before the suite's race): no verdict to compare.", File.ReadAllText(Path.Combine(newer, "compare-vs-tags-unraced.md")), StringComparison.Ordinal);

        static RaceVerdict Winner(string leader, (string Name, PairDecision Decision) other) =>
            new(3, RaceEnd.Decided, VerdictKind.Winner, leader, [leader], [new ContenderStanding(other.Name, other.Decision, new Interval(0.5, 0.4, 0.6, 3), null, null)]);

        static RaceVerdict Undecided(string leader) =>
            new(12, RaceEnd.OutOfRounds, VerdictKind.Undecided, leader, [leader, "JsonArrayGin"], [new ContenderStanding("JsonArrayGin", PairDecision.Undecided, new Interval(0.95, 0.85, 1.05, 12), null, null)]);
    }

    [Fact]
    public void compare_counts_a_suite_row_equivalent_in_one_run_and_a_few_per_cent_apart_in_the_other_as_separated_in_one_run_only()
    {
        var (older, newer) = (Folder("tags-equivalent"), Folder("tags-apart"));
        var equivalent = new RaceVerdict(12, RaceEnd.Decided, VerdictKind.Equivalent, "JsonArrayGin", ["JsonArrayGin", "TagTable"],
            [new ContenderStanding("TagTable", PairDecision.Equivalent, new Interval(0.98, 0.93, 1.03, 12), null, null)]);
        var apart = new RaceVerdict(12, RaceEnd.Decided, VerdictKind.Winner, "TagTable", ["TagTable"],
            [new ContenderStanding("JsonArrayGin", PairDecision.Slower, new Interval(0.92, 0.87, 0.98, 12), null, null)]);
        WriteRun(TagsSuite.Report, Tags(equivalent, equivalent, equivalent), older);
        WriteRun(TagsSuite.Report, Tags(apart, equivalent, equivalent), newer);

        Assert.Equal(0, CompareCommand.Run([older, newer], null, TextWriter.Null));

        var table = File.ReadAllText(Path.Combine(newer, "compare-vs-tags-equivalent.md"));
        Assert.Contains("| 10 tagged | equivalent: JsonArrayGin, TagTable | TagTable (winner) | decided differently | no, separated in one run only |", table, StringComparison.Ordinal);
        Assert.Contains("**0 conflicts** (a run's leader separably slower in the other, where its own run's finding on the pair cannot hold beside that); separated in one run only 1", table, StringComparison.Ordinal);
    }

    private static TagsSuiteResult Tags(params RaceVerdict[] verdicts) =>
        new(TagsSuiteSettings.Quick with { TaggedAtEnd = [10, 100, 1000] }, [new TagLogBuild(TagStorage.JsonArrayGin, TimeSpan.FromSeconds(1), 1), new TagLogBuild(TagStorage.TagTable, TimeSpan.FromSeconds(1), 1)],
            [.. new[] { 10, 100, 1000 }.SelectMany(t => new[] { TagStorage.JsonArrayGin, TagStorage.TagTable }.Select(s => new TagQueryResult(s, t, [1.0, 1.0, 1.0], new Interval(1, 0.9, 1.1, 3), 100, true)))],
            Here, TagsSuiteSettings.Quick.Race, [.. verdicts.Select((v, i) => new TagsVerdict(new[] { 10, 100, 1000 }[i], v))]);

    [Fact]
    public void a_seed_run_and_a_sweep_keep_their_result_in_results_json_and_are_read_back_as_their_records()
    {
        var (seedFolder, sweepFolder) = (Folder("seed"), Folder("sweep"));
        var seed = new SeedRun("cpu", 2, "os", "runtime", "PostgreSQL", "durable", "0.15.8", "job", "seed", "abc1234", DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch,
            [new SeedCase("InsertMany", "CommitEvents", 10, 10, 2.5, 0.1, 2.4, 2.6, 0.999, 10, new SeedCheck("InsertMany", "CommitEvents", 10, 10, 12, 1200, 1200, true, "clean"))]);
        File.WriteAllText(Path.Combine(seedFolder, SeedSuite.GitHubReportFile), "| Method | Mean |");
        var sweep = new SweepRun("cpu", 2, "PostgreSQL", "durable", "sweep", "abc1234", DateTimeOffset.UnixEpoch, DateTimeOffset.UnixEpoch, "CommitEvents", 1, 100, 10, 1, null,
            [new SweepCurve("InsertMany", new SweepPoint(null, null, 5000, null), [new SweepPoint(0.1, 500, 500, new LatencySummary(100, 1, 2, 3, 4, 5))], new VerificationTally(VerificationKind.Verifier, true, 10, 10, []), null)]);

        WriteRun(SeedSuite.Report, seed, seedFolder);
        WriteRun(SweepSuite.Report, sweep, sweepFolder);

        Assert.Equal(seed.Cases, SeedRun.TryRead(seedFolder)!.Cases);
        Assert.Equal(sweep.Curves[0].Points, SweepRun.TryRead(sweepFolder)!.Curves[0].Points);
        Assert.Null(SeedRun.TryRead(sweepFolder));
        var seedPage = File.ReadAllText(Path.Combine(seedFolder, SeedWriter.FileName));
        File.Delete(Path.Combine(seedFolder, SeedWriter.FileName));
        Assert.Equal(ExitCodes.Verified, ReportCommand.Run([seedFolder], TextWriter.Null));
        Assert.Equal(seedPage, File.ReadAllText(Path.Combine(seedFolder, SeedWriter.FileName)));
        Assert.Contains("| Method | Mean |", seedPage, StringComparison.Ordinal);
        WriteRun(FaultsSuite.Report, new FaultsSuiteResult([], [], Here), Folder("faults"));
        var index = ResultsIndex.Write(_root, "");
        Assert.Contains("| [seed](seed/seed.md) | seed (BenchmarkDotNet) | abc1234 |", index, StringComparison.Ordinal);
        Assert.Contains("| [faults](faults/summary.md) | suite faults | abc1234 |", index, StringComparison.Ordinal);
    }

    private static FloorSuiteResult Raw(Interval durable, Interval lazy) =>
        new(FloorSuiteSettings.Quick,
            [
                new FloorPhaseResult("insert, durable", "durable inserts", 100, 100, TimeSpan.FromSeconds(1), durable, null),
                new FloorPhaseResult("insert, lazy flush", "lazy inserts", 100, 100, TimeSpan.FromSeconds(1), lazy, null),
            ],
            null, null, Here);

    private string Folder(string name) => Directory.CreateDirectory(Path.Combine(_root, name)).FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    /// <summary>A suite's folder as its run leaves it: its record, then its pages from it.</summary>
    private static void WriteRun(SuiteReport report, object result, string folder)
    {
        report.WriteRecord(result, folder);
        report.WritePages(result, folder);
    }
}
