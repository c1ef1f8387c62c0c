using System.CommandLine;
using System.Globalization;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Ceiling;
using EventCommitLab.SuitePorts.Floor;

namespace EventCommitLab.Harness.Floor;

/// <summary>
/// <c>suite floor</c>: the store's own floor under every strategy, as the ESENT measurement: single-row inserts one per
/// commit, durable and with the lazy flush; point reads of one row; random seeks by key; full scans; and the same
/// inserts through the store's own tool where it is installed. Written like a run: under a temporary name, renamed
/// when complete.
/// </summary>
internal static class FloorSuite
{
    public const string Name = "floor";

    /// <summary>The suite's pages, from its result.</summary>
    public static SuiteReport Report => SuiteReport.For<FloorSuiteResult>(
        Name, FloorSummaryWriter.Write, run => run.Phases.Select(p => new SuiteFigure(p.Phase, "rows/s", p.RowsPerSecond, HigherIsBetter: true)));

    private static readonly Option<long> Rows = LabOption.Of("--rows", "N", "rows inserted per durability, and point reads and random seeks made, 10..100000000", (o, v) => OptionValues.Number(o, v, 10, 100_000_000));

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync) { UnderSuiteGroup = true };

    /// <summary><c>suite floor</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "the store's own floor: single-row inserts one per commit, durable and lazy; point reads, random seeks, full scans; the store's own tool beside it",
        "no strategy runs; the floor is one client's single-row statements", [SuiteOptions.Quick, Rows],
        (r, o) => (r.GetValue(SuiteOptions.Quick) ? FloorSuiteSettings.Quick : FloorSuiteSettings.Full) is var floor
            ? o with { Suite = Name, SuiteSettings = r.Given(Rows, out var rows) ? floor with { Rows = rows } : floor }
            : o);

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var settings = options.SuiteSetting<FloorSuiteSettings>();
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.Provider;
        var floors = suite.RequirePort<IKeyValueFloorProvider>("has no key-value floor built");
        var phases = new List<FloorPhaseResult>();
        async Task<FloorPhaseResult> Phase(Func<Task<FloorPhaseResult>> run)
        {
            // A checkpoint before each phase, so one phase's dirty pages are not flushed in the next one's time.
            await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
            var result = await run().ConfigureAwait(false);
            var latency = result.Latency is { } l ? string.Create(CultureInfo.InvariantCulture, $", p50 {l.P50Ms:0.###} ms, p95 {l.P95Ms:0.###} ms, p99 {l.P99Ms:0.###} ms") : "";
            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"  {result.Phase}: {result.RowsPerSecond.Estimate:N0} rows/s [{result.RowsPerSecond.Lower:N0}, {result.RowsPerSecond.Upper:N0}] in {result.Elapsed.TotalSeconds:0.0} s{latency}"));
            phases.Add(result);
            return result;
        }

        var n = settings.Rows;
        string Rows(long count) => count.ToString("N0", CultureInfo.InvariantCulture);
        await using (var lazy = await floors.OpenKeyValueFloorAsync(durable: false, cancellationToken).ConfigureAwait(false))
        {
            console.WriteLine($"[1/7] {Rows(n)} inserts, one per commit, lazy flush");
            await Phase(() => FloorPhases.InsertAsync(lazy, "insert, lazy flush", $"{Rows(n)} single-row inserts in key order, one per commit, synchronous_commit=off", console, n, cancellationToken))
                .ConfigureAwait(false);
        }

        await using (var durable = await floors.OpenKeyValueFloorAsync(durable: true, cancellationToken).ConfigureAwait(false))
        {
            console.WriteLine($"[2/7] {Rows(n)} inserts, one per commit, durable");
            await Phase(() => FloorPhases.InsertAsync(durable, "insert, durable", $"{Rows(n)} single-row inserts in key order, one per commit, each waiting for its flush", console, n, cancellationToken))
                .ConfigureAwait(false);
            console.WriteLine($"[3/7] {Rows(n)} point reads of one row");
            await Phase(() => FloorPhases.ReadAsync(durable, "point read", $"{Rows(n)} reads of the same row (key {Rows(n / 2)})", console, _ => n / 2, n, cancellationToken))
                .ConfigureAwait(false);
            console.WriteLine($"[4/7] {Rows(n)} random seeks");
            var keys = new Random(20261123);
            await Phase(() => FloorPhases.ReadAsync(durable, "random seek", $"{Rows(n)} reads of keys drawn uniformly from the {Rows(n)} (seeded)", console, _ => keys.NextInt64(n), n, cancellationToken))
                .ConfigureAwait(false);
            console.WriteLine($"[5/7] {settings.Scans} full scans");
            await Phase(() => FloorPhases.ScanAsync(durable, "full scan", $"{settings.Scans} scans of all {Rows(n)} rows in key order", console, n, settings.Scans, cancellationToken))
                .ConfigureAwait(false);
        }

        console.WriteLine($"[6/7] the store's own tool: inserts for {settings.StoreToolFor.TotalSeconds:0} s, durable");
        await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
        var toolDurable = await floors.MeasureInsertsWithStoreToolAsync(true, settings.StoreToolFor, cancellationToken).ConfigureAwait(false);
        console.WriteLine($"[7/7] the store's own tool: inserts for {settings.StoreToolFor.TotalSeconds:0} s, lazy flush");
        await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
        var toolLazy = await floors.MeasureInsertsWithStoreToolAsync(false, settings.StoreToolFor, cancellationToken).ConfigureAwait(false);
        foreach (var tool in new[] { toolDurable, toolLazy }.OfType<StoreToolInsertRate>())
        {
            console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {tool.Tool}: {tool.PerSecond:N0} inserts/s ({tool.Inserts:N0})"));
        }

        if (toolDurable is null)
        {
            console.WriteLine("  the store's own tool is not installed: no cross-check");
        }

        var result = new FloorSuiteResult(
            settings, phases, toolDurable, toolLazy,
            EnvironmentProbe.ForSuite(provider.Description, commandLine, suite.Started));
        console.WriteLine($"Results: {suite.Complete(Report, result)}");
        return ExitCodes.Verified;
    }
}
