using System.CommandLine;
using System.Globalization;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Results;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Cli;

/// <summary>The main job's grid and measurement options; verbs take the ones that mean something to them.</summary>
internal static class GridOptions
{
    public static readonly Option<IReadOnlyList<StrategyRegistration>> Strategies = LabOption.Of<IReadOnlyList<StrategyRegistration>>(
        "--strategies", "A,B,...", StrategiesDescription(),
        (o, v) => [.. OptionValues.SomeOf(o, v, [.. StrategyCatalog.Names]).Select(StrategyCatalog.Get)]);

    /// <summary>--strategies' help, from the catalog as it is now: the default race, then the designs on trial and the tunings, named only on request.</summary>
    public static string StrategiesDescription() =>
        $"strategies [the default race]: {string.Join(", ", StrategyCatalog.DefaultRace.Select(r => r.Name))}"
        + (StrategyCatalog.Trials.Count == 0 ? "" : $"; designs on trial, raced only when named: {string.Join(", ", StrategyCatalog.Trials.Select(r => r.Name))}")
        + (StrategyCatalog.Tunings.Count == 0 ? "" : $"; tunings, raced only when named: {string.Join(", ", StrategyCatalog.Tunings.Select(r => $"{r.Name} (of {r.TuningOf})"))}");

    public static readonly Option<LoadKind[]> Loads = LabOption.Of(
        "--load", "A,B", "waves, sustained [both]", OptionValues.Enums<LoadKind>);

    public static readonly Option<BenchmarkMethod[]> Methods = LabOption.Of(
        "--methods", "A,B", $"{string.Join(", ", Enum.GetNames<BenchmarkMethod>())} [the first two]",
        (o, v) => OptionValues.SomeOf(o, v, Enum.GetNames<BenchmarkMethod>()).Select(Enum.Parse<BenchmarkMethod>).ToArray());

    public static readonly Option<int[]> Events = LabOption.Of(
        "--events", "N,N,...", "events per commit, 1..10000 [1,10,100]", (o, v) => OptionValues.Numbers(o, v, 1, 10_000));

    public static readonly Option<int[]> Concurrency = LabOption.Of(
        "--concurrency", "N,N,...", "concurrent committers (commits per wave), 1..1000 [1,10,100]", (o, v) => OptionValues.Numbers(o, v, 1, 1_000));

    public static readonly Option<long> Aggregates = LabOption.Of(
        "--aggregates", "N", "aggregate and conditional commits: the aggregates (tags) every cell's committers draw each command's from, 1..100000 [one per committer: no conflicts]",
        (o, v) => OptionValues.Number(o, v, 1, 100_000));

    public static readonly Option<IReadOnlyList<ContentionRow>> Contention = LabOption.Of(
        "--contention", "C:A,...", "contended rows beside the grid: sustained aggregate and conditional commits of the fewest --events, C committers on A aggregates; none for no such row [the grid's highest concurrency if 10 or more, on a tenth as many aggregates]",
        ContentionRow.ParseList);

    public static readonly Option<CommandMode[]> CommandModes = LabOption.Of(
        "--command-modes", "M,M,...",
        "how the contended rows' commands run: optimistic (each caller decides on the version it knows and retries conflicts), owned (one owner per aggregate takes its commands one at a time), pipelined (the owner hands on its next commit before the last is acknowledged; aggregate commits only); a row per mode [all three]",
        OptionValues.Enums<CommandMode>);

    public static readonly Option<double> Skew = LabOption.Of(
        "--skew", "S", "contended commands draw aggregates uniformly (0) or by Zipf's law with exponent S, 0..4 [0]", (o, v) => OptionValues.Decimal(o, v, 0, 4));

    public static readonly Option<long> ConflictRetries = LabOption.Of(
        "--conflict-retries", "N", "a command whose commit conflicts reloads its aggregate and tries again up to N times, then is given up (counted), 0..1000 [10]",
        (o, v) => OptionValues.Number(o, v, 0, 1000));

    public static readonly Option<long> Prefill = LabOption.Of(
        "--prefill", "N", "events in the log before each case, 0..10000000 [0]", (o, v) => OptionValues.Number(o, v, 0, 10_000_000));

    public static readonly Option<long> PayloadBytes = LabOption.Of(
        "--payload-bytes", "N", string.Create(CultureInfo.InvariantCulture, $"size of each event's JSON payload, 2..1000000 [{SampleEvents.DefaultPayloadBytes}]"),
        (o, v) => OptionValues.Number(o, v, 2, 1_000_000));

    public static readonly Option<long> CaseTimeout = LabOption.Of(
        "--case-timeout", "SECONDS", "a case still running after this fails with that cause [180]", (o, v) => OptionValues.Number(o, v, 1, 86_400));

    public static readonly Option<LabJob> Job = LabOption.Of(
        "--job", "J", "quick (0.1 s windows, up to 48 race rounds, 20-minute budget), precise (0.2 s, 96, 90 minutes), dry (0.1 s, 2 rounds, no budget: smoke runs only) [quick]",
        OptionValues.Enum<LabJob>);

    public static readonly Option<double> Budget = LabOption.Of(
        "--budget", "MINUTES", "the whole run's time; the rounds of each cell are planned within it, and the verdict names the rows it left undecided, 1..1440 [from --job]",
        (o, v) => OptionValues.Decimal(o, v, 1, 1440));

    public static readonly Option<double> Margin = LabOption.Of(
        "--margin", "FRACTION", "δ: strategies within this fraction of each other are declared equivalent, 0.01..0.5 [0.1]", (o, v) => OptionValues.Decimal(o, v, 0.01, 0.5));

    public static readonly Option<long> Rounds = LabOption.Of(
        "--rounds", "N", "the most race rounds a cell runs, 2..100 [from --job]", (o, v) => OptionValues.Number(o, v, 2, 100));

    public static readonly Option<double> Window = LabOption.Of(
        "--window", "SECONDS", "measured window of a round, 0.05..600 [from --job]", (o, v) => OptionValues.Decimal(o, v, 0.05, 600));

    public static readonly Option<double> Rate = LabOption.Of(
        "--rate", "EVENTS_PER_S", "sustained load at a fixed arrival rate (open loop) instead of back to back [closed loop]", (o, v) => OptionValues.Decimal(o, v, 1, 100_000_000));

    public static readonly Option<ReaderKind> Reader = LabOption.Of(
        "--reader", "R", "tailing readers beside each sustained round: all (naive, high-water mark, transaction horizon where stored), naive, none [all]",
        OptionValues.Enum<ReaderKind>);

    public static readonly Option<LoadKind[]> ReaderLoads = LabOption.Of(
        "--reader-loads", "L", "loads whose measured rounds the readers follow: sustained, waves [sustained]", OptionValues.Enums<LoadKind>);

    /// <summary>Every grid option, in the order the help lists them.</summary>
    public static IReadOnlyList<Option> All { get; } =
    [
        Strategies, Loads, Methods, Events, Concurrency, Aggregates, Contention, CommandModes, Skew, ConflictRetries, Prefill, PayloadBytes, CaseTimeout,
        Job, Budget, Margin, Rounds, Window, Rate, Reader, ReaderLoads,
    ];

    /// <summary>The grid options except <paramref name="left"/>.</summary>
    public static IEnumerable<Option> Except(params Option[] left) => All.Except(left);

    /// <summary>Sets what the command line gave; what it did not give keeps its default.</summary>
    public static HarnessOptions Bind(ParseResult result, HarnessOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options = result.Given(Strategies, out var strategies) ? options with { Strategies = strategies } : options;
        options = result.Given(Loads, out var loads) ? options with { Loads = loads } : options;
        options = result.Given(Methods, out var methods) ? options with { Methods = methods } : options;
        options = result.Given(Events, out var events) ? options with { Events = events } : options;
        options = result.Given(Concurrency, out var concurrency) ? options with { Concurrency = concurrency } : options;
        options = result.Given(Aggregates, out var aggregates) ? options with { Aggregates = (int)aggregates } : options;
        options = result.Given(Contention, out var contention) ? options with { Contention = contention } : options;
        options = result.Given(CommandModes, out var modes) ? options with { CommandModes = modes } : options;
        options = result.Given(Skew, out var skew) ? options with { Skew = skew } : options;
        options = result.Given(ConflictRetries, out var retries) ? options with { ConflictRetries = (int)retries } : options;
        options = result.Given(Prefill, out var prefill) ? options with { Prefill = prefill } : options;
        options = result.Given(PayloadBytes, out var payload) ? options with { PayloadBytes = (int)payload } : options;
        options = result.Given(CaseTimeout, out var timeout) ? options with { CaseTimeout = TimeSpan.FromSeconds(timeout) } : options;
        options = result.Given(Job, out var job) ? options with { Job = job } : options;
        options = result.Given(Budget, out var budget) ? options with { BudgetMinutes = budget } : options;
        options = result.Given(Margin, out var margin) ? options with { Margin = margin } : options;
        options = result.Given(Rounds, out var rounds) ? options with { Rounds = (int)rounds } : options;
        options = result.Given(Window, out var window) ? options with { WindowSeconds = window } : options;
        options = result.Given(Rate, out var rate) ? options with { RateEventsPerSecond = rate } : options;
        options = result.Given(Reader, out var reader) ? options with { Reader = reader } : options;
        options = result.Given(ReaderLoads, out var readerLoads) ? options with { ReaderLoads = readerLoads } : options;
        return options;
    }
}
