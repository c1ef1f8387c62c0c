using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Floor;
using EventCommitLab.Reporting;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.SuitePorts.Ceiling;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Floor;

/// <summary><c>suite floor</c>: its command line and its summary's layout.</summary>
public sealed class FloorSuiteTests
{
    private static readonly PostgresStoreConfiguration NoEnvironment = new();

    [Fact]
    public void suite_raw_takes_the_full_sizes_by_default_the_smoke_sizes_with_quick_and_a_row_count_of_its_own()
    {
        Assert.Equal(FloorSuiteSettings.Full, LabOptions.Parse(["suite", "floor"], NoEnvironment).SuiteSettings);
        Assert.Equal(FloorSuiteSettings.Quick, LabOptions.Parse(["suite", "floor", "--quick"], NoEnvironment).SuiteSettings);
        var options = LabOptions.Parse(["suite", "floor", "--quick", "--rows", "500", "--out", "somewhere"], NoEnvironment);
        Assert.Equal(FloorSuiteSettings.Quick with { Rows = 500 }, options.SuiteSettings);
        Assert.Equal(("floor", "somewhere"), (options.Suite, options.Out));
    }

    [Theory]
    [InlineData(new[] { "suite" }, "suite: name the suite to run; valid: {suites}.")]
    [InlineData(new[] { "suite", "speed" }, "suite: 'speed' is not a suite; valid: {suites}.")]
    [InlineData(new[] { "suite", "floor", "--rows", "5" }, "--rows")]
    [InlineData(new[] { "suite", "floor", "--rows" }, "Option --rows needs a value")]
    [InlineData(new[] { "suite", "floor", "--strategies", "InsertMany" }, "suite floor: --strategies has no meaning here")]
    [InlineData(new[] { "suite", "floor", "--bogus" }, "Unknown option '--bogus'")]
    public void bad_suite_arguments_are_one_clear_error_naming_the_value_and_what_is_valid(string[] args, string expected)
    {
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(args, NoEnvironment));

        // The valid suites are the catalog's, whatever it holds.
        Assert.StartsWith(expected.Replace("{suites}", string.Join(", ", LabCommandLine.Suites), StringComparison.Ordinal), error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void the_summary_has_a_row_per_phase_the_lazy_to_durable_ratio_and_says_when_there_is_no_cross_check()
    {
        var run = new FloorSuiteResult(
            FloorSuiteSettings.Quick,
            [
                new FloorPhaseResult("insert, lazy flush", "lazy inserts", 100, 100, TimeSpan.FromSeconds(1), new Interval(1000, 900, 1100, 10), new LatencySummary(100, 0.1, 0.2, 0.25, 0.3, 0.4)),
                new FloorPhaseResult("insert, durable", "durable inserts", 100, 100, TimeSpan.FromSeconds(4), new Interval(250, 200, 300, 10), new LatencySummary(100, 0.4, 0.5, 0.55, 0.6, 0.7)),
                new FloorPhaseResult("full scan", "scans", 3, 300, TimeSpan.FromSeconds(1), new Interval(300, null, null, 3), null),
            ],
            null, null, new SuiteEnvironment("cpu", 2, "linux", ".NET", "PostgreSQL", "abc1234", "test", DateTimeOffset.Now, DateTimeOffset.Now));

        var summary = FloorSummaryWriter.Write(run);

        Assert.Contains("| insert, lazy flush | lazy inserts | 100 | 100 | 1.0 s | 1,000 | 900 to 1,100 | 100 | 0.1 | 0.25 | 0.3 | 0.4 |", summary, StringComparison.Ordinal);
        Assert.Contains("| full scan | scans | 3 | 300 | 1.0 s | 300 | none (3 slices) | 300 | | | | |", summary, StringComparison.Ordinal);
        Assert.Contains("ran at **4.0x** the durable rate", summary, StringComparison.Ordinal);
        Assert.Contains("not installed here: no cross-check", summary, StringComparison.Ordinal);
        Assert.Contains("abc1234", summary, StringComparison.Ordinal);
    }

    [Fact]
    public void the_summary_sets_the_stores_own_tool_beside_the_labs_client()
    {
        var durable = new FloorPhaseResult("insert, durable", "durable inserts", 100, 100, TimeSpan.FromSeconds(4), new Interval(250, 200, 300, 10), null);
        var run = new FloorSuiteResult(
            FloorSuiteSettings.Quick, [durable], new StoreToolInsertRate("pgbench 15", 1000, 500, "pgbench -T 2"), null,
            new SuiteEnvironment("cpu", 2, "linux", ".NET", "PostgreSQL", null, "test", DateTimeOffset.Now, DateTimeOffset.Now));

        Assert.Contains("| durable | pgbench 15 | 1,000 | 500 | 250 | 0.50 | `pgbench -T 2` |", FloorSummaryWriter.Write(run), StringComparison.Ordinal);
    }
}
