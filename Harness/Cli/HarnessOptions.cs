using System.Globalization;
using EventCommitLab.Harness.Dcb;
using EventCommitLab.Harness.Journal;
using EventCommitLab.Harness.Measurement;
using EventCommitLab.Harness.Raw;
using EventCommitLab.Harness.Reads;
using EventCommitLab.Harness.Results;
using EventCommitLab.Harness.Tags;
using SeedSettings = EventCommitLab.Harness.Seed.SeedSettings;
using SweepSettings = EventCommitLab.Harness.Sweep.SweepSettings;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Dcb;
using EventCommitLab.Strategies.Workload;

namespace EventCommitLab.Harness.Cli;

/// <summary>The harness's command line, validated: every error names the option, the value and what is valid.</summary>
public sealed record HarnessOptions
{
    /// <summary>The help text, with the strategies and stores the catalogs hold.</summary>
    public static string Usage => UsageText + Environment.NewLine + $"""
        Strategies: {string.Join(", ", StrategyCatalog.Names)}
        Stores: {string.Join(", ", StoreCatalog.Names)}
        """;

    private const string UsageText = """
        Usage: dotnet run -c Release --project Harness -- [options]
               dotnet run -c Release --project Harness -- compare OLD_RUN_FOLDER NEW_RUN_FOLDER [--out FILE]
               dotnet run -c Release --project Harness -- report RUN_FOLDER   (rewrites summary.md and charts from results.json)
               dotnet run -c Release --project Harness -- index   (writes results/INDEX.md: every committed run, its source, its page, current or superseded)
               dotnet run -c Release --project Harness -- faults [--strategies A,B] [--out DIR]   (every strategy under 100 committers while connections are ended and the server is killed; then the verifier)
               dotnet run -c Release --project Harness -- seed [--strategies A,B] [--iterations N] [--warmups N] [--out DIR]   (the seed's benchmark run by BenchmarkDotNet, in process: the seed's seven strategies, NumberOfEvents and ConcurrentBatches 1, 10, 100, one wave per operation; its GitHub-markdown table and the verifier's findings in seed.md)
               dotnet run -c Release --project Harness -- sweep [--strategies A,B] [--methods M] [--events N] [--concurrency C] [--slo-ms MS] [--window S]   (latency against load: a closed-loop step, then open-loop steps from 10% to 125% of it, for the latest verdict's choice for the cell, the two nearest and the current implementation; capacity at p99 <= --slo-ms [10]; cell [CommitEvents, 1 x 100])
               dotnet run -c Release --project Harness -- pipeline [--job J] [--out DIR]   (the group commit's goal cells; each goal's ratio, interval and verdict in goals.md)
               dotnet run -c Release --project Harness -- suite raw [--quick] [--rows N] [--out DIR]   (the store's own floor: 1 000 000 single-row inserts one per commit, durable and lazy; point reads, random seeks, full scans; pgbench beside it)
               dotnet run -c Release --project Harness -- suite journal [--quick] [--messages N] [--iterations N] [--strategies A,B]   (the Akka.NET journal benchmark through every strategy and the real Akka.Persistence.Sql journal)
               dotnet run -c Release --project Harness -- suite tags [--quick] [--iterations N]   (tag queries at the end of a 3 000 000-event log: JSON array with GIN, comma-separated text with LIKE, a tag table)
               dotnet run -c Release --project Harness -- suite dcb [--quick] [--rounds N] [--sizes tiny,small,medium] [--appenders A,B]   (conditional appends, DCB: Append vs AppendIf with and without conflict, 1 and 10 events, 1/10/100 clients)
               dotnet run -c Release --project Harness -- suite reads [--quick] [--rounds N]   (Query, Project, following readers throttled and not, reading while writing and appending while reading)

        The grid (defaults in brackets):
          --store NAME             store to run on: postgres, mongo [postgres]
          --strategies A,B,...     strategies [all: the list below]
          --load A,B               waves, sustained [both]
          --methods A,B            CommitEvents, CommitAggregateEvents, CommitConditionalEvents [the first two]
          --events N,N,...         events per commit, 1..10000 [1,10,100]
          --concurrency N,N,...    concurrent committers (commits per wave), 1..1000 [1,10,100]
          --aggregates N           aggregate and conditional commits: the aggregates (tags) every cell's committers
                                   draw each command's from, 1..100000 [one per committer: no conflicts]
          --contention C:A,...     contended rows beside the grid: sustained aggregate and conditional commits of the
                                   fewest --events, C committers on A aggregates; none for no such row
                                   [the grid's highest concurrency if 10 or more, on a tenth as many aggregates]
          --skew S                 contended commands draw aggregates uniformly (0) or by Zipf's law with exponent S,
                                   0..4 [0]
          --conflict-retries N     a command whose commit conflicts reloads its aggregate and tries again up to N
                                   times, then is given up (counted), 0..1000 [10]
          --prefill N              events in the log before each case, 0..10000000 [0]
          --durability D,...       PostgreSQL: durable, async-commit; two make durability a dimension of the grid:
                                   every cell runs at each, and the verdict says where the choice changes [durable]
          --write-concern W,...    MongoDB: w1, journaled, majority, as --durability does [majority]
          --payload-bytes N        size of each event's JSON payload, 2..1000000 [300]
          --case-timeout SECONDS   a case still running after this fails with that cause [180]
          --job J                  quick (0.2 s windows, up to 24 race rounds, 20-minute budget), precise (0.4 s, 48,
                                   90 minutes), dry (0.1 s, 2 rounds, no budget: smoke runs only) [quick]
          --budget MINUTES         the whole run's time; the rounds of each cell are planned within it, and the
                                   verdict names the rows it left undecided, 1..1440 [from --job]
          --margin FRACTION        δ: strategies within this fraction of each other are declared equivalent,
                                   0.01..0.5 [0.1]
          --rounds N               the most race rounds a cell runs, 2..100 [from --job]
          --window SECONDS         measured window of a round, 0.05..600 [from --job]
          --rate EVENTS_PER_S      sustained load at a fixed arrival rate (open loop) instead of back to back [closed loop]
          --reader R               tailing readers beside each sustained round: all (naive, high-water mark,
                                   transaction horizon where stored), naive, none [all]
          --reader-loads L         loads whose measured rounds the readers follow: sustained, waves [sustained]
          --out DIR                results folder [results/<date>-<label>]
          --label TEXT             names the results folder [the store and job]
        The store:
          --connection STRING      use this PostgreSQL instead of a private one (or PG_CONNECTION)
          --pg-bin DIR             folder with initdb, pg_ctl and postgres (or PG_BIN_DIR)
          --mongo-uri URI          the MongoDB replica set for --store mongo (or MONGODB_URI)
          --mongo-retryable R      MongoDB: on lets the driver retry a write or read once on its own (uncounted);
                                   off leaves every retry to the strategies, counted [off]
        """;

    public static IReadOnlyList<string> Stores { get; } = [.. StoreCatalog.Names];

    /// <summary>A contender below 1/this of its leader in the qualifying round leaves the race there.</summary>
    public const double EarlyStopFactor = 1 / Racing.RaceSettings.DefaultHopelessFraction;

    public string Store { get; init; } = "postgres";

    public IReadOnlyList<StrategyRegistration> Strategies { get; init; } = StrategyCatalog.All;

    public IReadOnlyList<LoadKind> Loads { get; init; } = System.Enum.GetValues<LoadKind>();

    public IReadOnlyList<BenchmarkMethod> Methods { get; init; } = [BenchmarkMethod.CommitEvents, BenchmarkMethod.CommitAggregateEvents];

    public IReadOnlyList<int> Events { get; init; } = [1, 10, 100];

    public IReadOnlyList<int> Concurrency { get; init; } = [1, 10, 100];

    /// <summary>--aggregates: every aggregate and conditional cell's committers draw from this many; null for one per committer.</summary>
    public int? Aggregates { get; init; }

    /// <summary>--contention: the contended rows beside the grid; null for the default (see <see cref="ContendedRows"/>).</summary>
    public IReadOnlyList<ContentionRow>? Contention { get; init; }

    /// <summary>--skew: 0 for uniform, else the Zipf exponent of contended commands' aggregates.</summary>
    public double Skew { get; init; }

    /// <summary>--conflict-retries: attempts after a conflict before a command is given up.</summary>
    public int ConflictRetries { get; init; } = 10;

    /// <summary>
    /// The contended rows: --contention's, or by default one at the grid's highest concurrency when it is 10 or more, on
    /// a tenth as many aggregates (100 committers on 10 aggregates in the default grid).
    /// </summary>
    public IReadOnlyList<ContentionRow> ContendedRows =>
        Contention ?? (Concurrency.Max() is var most and >= 10 ? [new ContentionRow(most, most / 10)] : []);

    public long Prefill { get; init; }

    /// <summary>
    /// The durabilities asked for, by the store's names (--durability, --write-concern), the provider's own first; null
    /// for the store's default. More than one makes durability a dimension of the grid.
    /// </summary>
    public IReadOnlyList<string>? Durabilities { get; init; }

    public int PayloadBytes { get; init; } = SampleEvents.DefaultPayloadBytes;

    /// <summary>The most payload one commit may carry: --events x --payload-bytes.</summary>
    public const long MaxCommitBytes = 16L * 1024 * 1024;

    public TimeSpan CaseTimeout { get; init; } = TimeSpan.FromSeconds(180);

    public LabJob Job { get; init; } = LabJob.Quick;

    /// <summary>--rounds; null takes the job's.</summary>
    public int? Rounds { get; init; }

    /// <summary>--budget in minutes; null takes the job's.</summary>
    public double? BudgetMinutes { get; init; }

    /// <summary>--margin: δ of the race.</summary>
    public double Margin { get; init; } = Racing.RaceSettings.DefaultMargin;

    /// <summary>--window in seconds; null takes the job's.</summary>
    public double? WindowSeconds { get; init; }

    /// <summary>--rate: sustained load's arrival rate in events/s (open loop); null for back to back.</summary>
    public double? RateEventsPerSecond { get; init; }

    /// <summary>--reader: the tailing reader beside each sustained round.</summary>
    public ReaderKind Reader { get; init; } = ReaderKind.All;

    /// <summary>The loads whose measured rounds the tailing readers follow: sustained by default, waves on request.</summary>
    public IReadOnlyList<LoadKind> ReaderLoads { get; init; } = [LoadKind.Sustained];

    public string? Out { get; init; }

    public string? Label { get; init; }

    public PostgresStoreConfiguration Postgres { get; init; } = new();

    public MongoStoreConfiguration Mongo { get; init; } = new();

    public bool ShowHelp { get; init; }

    /// <summary>The verb's own arguments when the first argument is a verb (compare).</summary>
    public string? Verb { get; init; }

    public IReadOnlyList<string> VerbArguments { get; init; } = [];

    /// <summary>The sizes of <c>suite raw</c>; null for every other verb.</summary>
    public RawSuiteSettings? Raw { get; init; }

    /// <summary>How BenchmarkDotNet runs <c>seed</c>; null for every other verb.</summary>
    public SeedSettings? Seed { get; init; }

    /// <summary>The cell and objective of <c>sweep</c>; null for every other verb.</summary>
    public SweepSettings? Sweep { get; init; }

    /// <summary>The sizes of <c>suite journal</c>; null for every other verb.</summary>
    public JournalSuiteSettings? Journal { get; init; }

    /// <summary>The sizes of <c>suite tags</c>; null for every other verb.</summary>
    public TagsSuiteSettings? Tags { get; init; }

    /// <summary>The grid of <c>suite dcb</c>; null for every other verb.</summary>
    public DcbSuiteSettings? Dcb { get; init; }

    /// <summary>The sizes of <c>suite reads</c>; null for every other verb.</summary>
    public ReadsSuiteSettings? Reads { get; init; }

    /// <summary>The suites <c>suite NAME</c> runs.</summary>
    public static IReadOnlyList<string> Suites { get; } = [RawSuite.Name, JournalSuite.Name, TagsSuite.Name, DcbSuite.Name, ReadsSuite.Name];

    // Each suite's own options, and why the main job's grid options mean nothing to it. The store's options (--store,
    // --pg-bin, --connection, --out, --label) are the main job's and every suite takes them.
    private static readonly Dictionary<string, (string[] Own, string Why)> SuiteOptions = new()
    {
        [RawSuite.Name] = (["--quick", "--rows"], "no strategy runs; the floor is one client's single-row statements"),
        [JournalSuite.Name] = (["--quick", "--messages", "--iterations", "--strategies"], "the workloads are the original benchmark's"),
        [TagsSuite.Name] = (["--quick", "--iterations"], "no strategy runs; the logs are built in bulk and only queried"),
        [DcbSuite.Name] = (["--quick", "--rounds", "--sizes", "--appenders"], "the workloads, append sizes and client counts are the originals'"),
        [ReadsSuite.Name] = (["--quick", "--rounds"], "the workloads and reader counts are the originals'"),
    };

    private static readonly string[] GridOptions =
        ["--strategies", "--load", "--methods", "--events", "--concurrency", "--aggregates", "--contention", "--skew", "--conflict-retries", "--job", "--rounds", "--window", "--budget", "--margin", "--rate", "--reader", "--reader-loads", "--rows", "--messages", "--iterations"];

    // The seed's benchmark fixes its grid (the seed's parameters and methods, waves); it takes its strategies, its
    // iterations and the store's options.
    private static HarnessOptions ParseSeed(IReadOnlyList<string> args, PostgresStoreConfiguration environment, MongoStoreConfiguration? mongoEnvironment)
    {
        var settings = SeedSettings.Default;
        var rest = new List<string>();
        string Value(int i) => i < args.Count ? args[i] : throw new ArgumentException($"Option {args[i - 1]} needs a value; see --help.");
        for (var i = 0; i < args.Count; i++)
        {
            switch (args[i])
            {
                case "--iterations":
                    settings = settings with { Iterations = (int)Number(args[i], Value(++i), 2, 100) };
                    break;
                case "--warmups":
                    settings = settings with { Warmups = (int)Number(args[i], Value(++i), 0, 20) };
                    break;
                case var option when GridOptions.Contains(option) && option != "--strategies":
                    throw new ArgumentException(
                        $"seed: {option} has no meaning here (the grid is the seed's: NumberOfEvents and ConcurrentBatches 1, 10, 100, both methods, waves); valid: --strategies, --iterations, --warmups, --payload-bytes, --store, --out, --label, --connection, --pg-bin.");
                default:
                    rest.Add(args[i]);
                    break;
            }
        }

        var options = OneDurability(Parse(rest, environment, mongoEnvironment), "seed") with { Verb = "seed", Seed = settings };
        return rest.Contains("--strategies") ? options : options with { Strategies = StrategyCatalog.Seed };
    }

    // The sweep is one sustained cell: one method, one commit size, one committer count; its own objective.
    private static HarnessOptions ParseSweep(IReadOnlyList<string> args, PostgresStoreConfiguration environment, MongoStoreConfiguration? mongoEnvironment)
    {
        var slo = SweepSettings.Default.SloMs;
        var rest = new List<string>();
        for (var i = 0; i < args.Count; i++)
        {
            switch (args[i])
            {
                case "--slo-ms":
                    slo = Decimal(args[i], i + 1 < args.Count ? args[++i] : throw new ArgumentException("Option --slo-ms needs a value; see --help."), 0.01, 60_000);
                    break;
                case var option when option is "--load" or "--job" or "--rounds" or "--budget" or "--margin" or "--rate" or "--contention" or "--aggregates" or "--reader-loads":
                    throw new ArgumentException(
                        $"sweep: {option} has no meaning here (one sustained cell, a closed-loop step and open-loop steps at fractions of it); valid: --strategies, --methods, --events, --concurrency, --slo-ms, --window, --store, --out, --label.");
                default:
                    rest.Add(args[i]);
                    break;
            }
        }

        var options = Parse(rest, environment, mongoEnvironment);
        var one = new[] { ("--methods", options.Methods.Count), ("--events", options.Events.Count), ("--concurrency", options.Concurrency.Count) }
            .FirstOrDefault(o => rest.Contains(o.Item1) && o.Item2 != 1);
        if (one.Item1 is { } many)
        {
            throw new ArgumentException($"sweep: {many} takes one value here (the sweep is one cell).");
        }

        var defaults = SweepSettings.Default;
        return OneDurability(options, "sweep") with
        {
            Verb = "sweep",
            // A strategy offered more than it can take keeps each window open up to ten times its length, in every
            // step past its saturation: the main job's case timeout is too short for a whole sweep of a slow strategy.
            CaseTimeout = rest.Contains("--case-timeout") ? options.CaseTimeout : TimeSpan.FromMinutes(20),
            Reader = ReaderKind.None,
            Sweep = new SweepSettings(
                rest.Contains("--methods") ? options.Methods[0] : defaults.Method,
                rest.Contains("--events") ? options.Events[0] : defaults.NumberOfEvents,
                rest.Contains("--concurrency") ? options.Concurrency[0] : defaults.Committers,
                slo,
                options.WindowSeconds ?? defaults.WindowSeconds),
        };
    }

    private static HarnessOptions ParseSuite(IReadOnlyList<string> args, PostgresStoreConfiguration environment, MongoStoreConfiguration? mongoEnvironment)
    {
        var name = args.Count > 0 ? args[0] : throw new ArgumentException($"suite: name the suite to run; valid: {string.Join(", ", Suites)}.");
        if (!Suites.Contains(name))
        {
            throw new ArgumentException($"suite: '{name}' is not a suite; valid: {string.Join(", ", Suites)}.");
        }

        var (own, why) = SuiteOptions[name];
        var quick = false;
        var rest = new List<string>();
        long? rows = null;
        int? messages = null;
        int? iterations = null;
        int? rounds = null;
        IReadOnlyList<CourseEnrollmentSize>? sizes = null;
        IReadOnlyList<string>? appenders = null;
        string Value(int i) => i < args.Count ? args[i] : throw new ArgumentException($"Option {args[i - 1]} needs a value; see --help.");
        for (var i = 1; i < args.Count; i++)
        {
            var option = args[i];
            if ((GridOptions.Contains(option) || option is "--sizes" or "--appenders") && !own.Contains(option))
            {
                throw new ArgumentException(
                    $"suite {name}: {option} has no meaning here ({why}); valid: {string.Join(", ", own)}, --store, --out, --label, --connection, --pg-bin.");
            }

            switch (option)
            {
                case "--quick":
                    quick = true;
                    break;
                case "--rows":
                    rows = Number(option, Value(++i), 10, 100_000_000);
                    break;
                case "--messages":
                    messages = (int)Number(option, Value(++i), 1, 1_000_000);
                    break;
                case "--iterations":
                    iterations = (int)Number(option, Value(++i), 1, 100);
                    break;
                case "--rounds" when own.Contains("--rounds"):
                    rounds = (int)Number(option, Value(++i), 1, 100);
                    break;
                case "--sizes":
                    sizes = [.. Value(++i).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(CourseEnrollmentSize.Parse).Distinct()];
                    break;
                case "--appenders":
                    appenders = [.. Value(++i).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Distinct()];
                    if (appenders.FirstOrDefault(a => !DcbAppenderCatalog.All.ContainsKey(a)) is { } unknown)
                    {
                        throw new ArgumentException($"--appenders: '{unknown}' is not a DCB appender; valid: {string.Join(", ", DcbAppenderCatalog.All.Keys)}.");
                    }

                    break;
                default:
                    rest.Add(option);
                    break;
            }
        }

        var options = OneDurability(Parse(rest, environment, mongoEnvironment), $"suite {name}") with { Verb = "suite", VerbArguments = [name] };
        if (name == RawSuite.Name)
        {
            var raw = quick ? RawSuiteSettings.Quick : RawSuiteSettings.Full;
            return options with { Raw = rows is { } n ? raw with { Rows = n } : raw };
        }

        if (name == TagsSuite.Name)
        {
            var tags = quick ? TagsSuiteSettings.Quick : TagsSuiteSettings.Full;
            return options with { Tags = tags with { Iterations = iterations ?? tags.Iterations } };
        }

        if (name == DcbSuite.Name)
        {
            var dcb = quick ? DcbSuiteSettings.Quick : DcbSuiteSettings.Full;
            return options with { Dcb = dcb with { Rounds = rounds ?? dcb.Rounds, Sizes = sizes ?? dcb.Sizes, Appenders = appenders ?? dcb.Appenders } };
        }

        if (name == ReadsSuite.Name)
        {
            var reads = quick ? ReadsSuiteSettings.Quick : ReadsSuiteSettings.Full;
            return options with { Reads = reads with { Rounds = rounds ?? reads.Rounds } };
        }

        var journal = quick ? JournalSuiteSettings.Quick : JournalSuiteSettings.Full;
        return options with { Journal = journal with { Messages = messages ?? journal.Messages, Iterations = iterations ?? journal.Iterations } };
    }

    /// <exception cref="ArgumentException">The message names the bad option or value and lists what is valid.</exception>
    public static HarnessOptions Parse(IReadOnlyList<string> args, PostgresStoreConfiguration environment, MongoStoreConfiguration? mongoEnvironment = null)
    {
        var options = new HarnessOptions { Postgres = environment, Mongo = mongoEnvironment ?? new MongoStoreConfiguration() };
        var given = new HashSet<string>(StringComparer.Ordinal);
        if (args.Count > 0 && args[0] is "compare" or "report" or "index")
        {
            return options with { Verb = args[0], VerbArguments = [.. args.Skip(1)] };
        }

        if (args.Count > 0 && args[0] == "pipeline")
        {
            // The suite's cells and contenders are the goals'; the rest (--job, --rounds, --out, the store) is the main job's.
            if (args.Skip(1).FirstOrDefault(a => a is "--strategies" or "--load" or "--methods" or "--events" or "--concurrency" or "--aggregates" or "--contention") is { } fixedByTheSuite)
            {
                throw new ArgumentException($"pipeline: {fixedByTheSuite} is fixed by the suite (its cells and contenders are the goals'); run the main job for another grid.");
            }

            return OneDurability(Parse([.. args.Skip(1)], environment, mongoEnvironment), "pipeline") with { Verb = "pipeline" };
        }

        if (args.Count > 0 && args[0] == "sweep")
        {
            return ParseSweep([.. args.Skip(1)], environment, mongoEnvironment);
        }

        if (args.Count > 0 && args[0] == "seed")
        {
            return ParseSeed([.. args.Skip(1)], environment, mongoEnvironment);
        }

        if (args.Count > 0 && args[0] == "suite")
        {
            return ParseSuite([.. args.Skip(1)], environment, mongoEnvironment);
        }

        if (args.Count > 0 && args[0] == "faults")
        {
            // The suite takes the main job's options (--strategies, --out, --label, --pg-bin ...); its load is fixed.
            return OneDurability(Parse([.. args.Skip(1)], environment, mongoEnvironment), "faults") with { Verb = "faults" };
        }

        for (var i = 0; i < args.Count; i++)
        {
            var name = args[i];
            given.Add(name);
            string Value() => i + 1 < args.Count && !args[i + 1].StartsWith("--", StringComparison.Ordinal)
                ? args[++i]
                : throw new ArgumentException($"Option {name} needs a value; see --help.");
            options = name switch
            {
                "--store" => options with { Store = OneOf(name, Value(), Stores) },
                "--strategies" => options with { Strategies = [.. List(name, Value()).Select(v => StrategyCatalog.Get(OneOf(name, v, [.. StrategyCatalog.Names])))] },
                "--load" => options with { Loads = [.. List(name, Value()).Select(m => ParseEnum<LoadKind>(name, m)).Distinct().Order()] },
                "--methods" => options with { Methods = [.. List(name, Value()).Select(m => System.Enum.Parse<BenchmarkMethod>(OneOf(name, m, System.Enum.GetNames<BenchmarkMethod>()))).Distinct()] },
                "--events" => options with { Events = Numbers(name, Value(), 1, 10_000) },
                "--concurrency" => options with { Concurrency = Numbers(name, Value(), 1, 1_000) },
                "--prefill" => options with { Prefill = Number(name, Value(), 0, 10_000_000) },
                "--aggregates" => options with { Aggregates = (int)Number(name, Value(), 1, 100_000) },
                "--contention" => options with { Contention = ContentionRow.ParseList(name, Value()) },
                "--skew" => options with { Skew = Decimal(name, Value(), 0, 4) },
                "--conflict-retries" => options with { ConflictRetries = (int)Number(name, Value(), 0, 1000) },
                "--durability" => List(name, Value()).Select(v => OneOf(name, v, PostgresDurabilityNames.All)).Distinct().ToArray() is var durabilities
                    ? options with { Durabilities = durabilities, Postgres = options.Postgres with { Durability = PostgresDurabilityNames.Parse(durabilities[0]) } }
                    : options,
                "--payload-bytes" => options with { PayloadBytes = (int)Number(name, Value(), 2, 1_000_000) },
                "--case-timeout" => options with { CaseTimeout = TimeSpan.FromSeconds(Number(name, Value(), 1, 86_400)) },
                "--job" => options with { Job = ParseEnum<LabJob>(name, Value()) },
                "--rounds" => options with { Rounds = (int)Number(name, Value(), 2, 100) },
                "--budget" => options with { BudgetMinutes = Decimal(name, Value(), 1, 1440) },
                "--margin" => options with { Margin = Decimal(name, Value(), 0.01, 0.5) },
                "--window" => options with { WindowSeconds = Decimal(name, Value(), 0.05, 600) },
                "--rate" => options with { RateEventsPerSecond = Decimal(name, Value(), 1, 100_000_000) },
                "--reader" => options with { Reader = ParseEnum<ReaderKind>(name, Value()) },
                "--reader-loads" => options with { ReaderLoads = [.. List(name, Value()).Select(m => ParseEnum<LoadKind>(name, m)).Distinct().Order()] },
                "--out" => options with { Out = Value() },
                "--label" => options with { Label = Value() },
                "--connection" => options with { Postgres = options.Postgres with { ConnectionString = Value() } },
                "--pg-bin" => options with { Postgres = options.Postgres with { BinDirectory = Value() } },
                "--mongo-uri" => options with { Mongo = options.Mongo with { Uri = Value() } },
                "--write-concern" => List(name, Value()).Select(v => OneOf(name, v, MongoStoreConfiguration.WriteConcerns)).Distinct().ToArray() is var concerns
                    ? options with { Durabilities = concerns, Mongo = options.Mongo with { WriteConcern = concerns[0] } }
                    : options,
                "--mongo-retryable" => options with { Mongo = options.Mongo with { Retryable = OneOf(name, Value(), MongoStoreConfiguration.RetryableChoices) == "on" } },
                "--help" or "-h" => options with { ShowHelp = true },
                _ => throw new ArgumentException(
                    $"Unknown option '{name}'. Valid options: --store, --strategies, --load, --methods, --events, --concurrency, --aggregates, --contention, --skew, --conflict-retries, --prefill, --durability, " +
                    $"--write-concern, --mongo-retryable, --payload-bytes, --case-timeout, --job, --budget, --margin, --rounds, --window, --rate, --reader, --reader-loads, --out, --label, --connection, --pg-bin, --mongo-uri, --help."),
            };
        }

        var storeOptions = options.Store == "mongo" ? new[] { "--durability", "--connection", "--pg-bin" } : ["--write-concern", "--mongo-uri", "--mongo-retryable"];
        if (storeOptions.FirstOrDefault(given.Contains) is { } misplaced)
        {
            throw new ArgumentException($"{misplaced} does not apply to --store {options.Store}; " +
                (options.Store == "mongo" ? "MongoDB takes --mongo-uri, --write-concern and --mongo-retryable." : "it is for --store mongo."));
        }

        if (options.RateEventsPerSecond is not null && !options.Loads.Contains(LoadKind.Sustained))
        {
            throw new ArgumentException("--rate paces the sustained load; add sustained to --load (valid values: waves, sustained).");
        }

        var largestCommit = (long)options.Events.Max() * options.PayloadBytes;
        if (largestCommit > MaxCommitBytes)
        {
            // A commit is written in one statement (one document batch on MongoDB, whose documents stop at 16 MiB), and a
            // wave holds ConcurrentBatches of them in memory: 2 000 x 1 MB once took the process to 11.8 GB.
            throw new ArgumentException(string.Create(CultureInfo.InvariantCulture,
                $"--events {options.Events.Max()} x --payload-bytes {options.PayloadBytes} is {largestCommit:N0} bytes of payload per commit; the lab takes at most {MaxCommitBytes:N0} (16 MiB): lower either."));
        }

        return options;
    }

    /// <summary>How every cell is measured: the job's rounds, window and budget unless --rounds, --window or --budget say otherwise.</summary>
    public MeasurementSettings Measurement(bool checkpointBeforeRounds)
    {
        var (rounds, window, budget) = Job switch
        {
            LabJob.Precise => (48, 0.4, 90.0),
            LabJob.Dry => (2, 0.1, (double?)null),
            _ => (24, 0.2, 20.0),
        };
        var windowSeconds = WindowSeconds ?? window;
        var maximumRounds = Rounds ?? rounds;
        return new MeasurementSettings(
            Job.ToString().ToLowerInvariant(), Loads, maximumRounds, windowSeconds, windowSeconds / 4, RateEventsPerSecond, EarlyStopFactor,
            Statistics.RoundStatistics.Level, checkpointBeforeRounds, Reader, ReaderLoads,
            Margin, Racing.RaceSettings.DefaultErrorRate, Racing.RaceSettings.LooksUpTo(maximumRounds), BudgetMinutes ?? budget, Skew, ConflictRetries);
    }

    private static double Decimal(string option, string value, double min, double max) =>
        double.TryParse(value, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var n) && n >= min && n <= max
            ? n
            : throw new ArgumentException(string.Create(CultureInfo.InvariantCulture, $"{option}: '{value}' is not a number from {min} to {max}."));

    private static string[] List(string option, string value)
    {
        var items = value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return items.Length > 0 ? items : throw new ArgumentException($"{option} needs at least one value.");
    }

    /// <summary>Refuses several durabilities for a verb that runs at one (only the main job makes durability a dimension).</summary>
    private static HarnessOptions OneDurability(HarnessOptions options, string verb) =>
        options.Durabilities is { Count: > 1 }
            ? throw new ArgumentException($"{verb}: --durability (--write-concern) takes one value here; only the main job runs several.")
            : options;

    private static string OneOf(string option, string value, IReadOnlyList<string> valid) =>
        valid.FirstOrDefault(v => string.Equals(v, value, StringComparison.OrdinalIgnoreCase))
        ?? throw new ArgumentException($"{option}: unknown value '{value}'. Valid values: {string.Join(", ", valid)}.");

    private static T ParseEnum<T>(string option, string value)
        where T : struct, Enum =>
        System.Enum.TryParse<T>(value.Replace("-", "", StringComparison.Ordinal), ignoreCase: true, out var parsed)
        && System.Enum.IsDefined(parsed) && !value.Any(char.IsDigit)
            ? parsed
            : throw new ArgumentException($"{option}: unknown value '{value}'. Valid values: {string.Join(", ", System.Enum.GetNames<T>().Select(Kebab))}.");

    private static int[] Numbers(string option, string value, int min, int max) =>
        [.. List(option, value).Select(v => (int)Number(option, v, min, max)).Distinct().Order()];

    private static long Number(string option, string value, long min, long max) =>
        long.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n >= min && n <= max
            ? n
            : throw new ArgumentException($"{option}: '{value}' is not a whole number from {min} to {max}.");

    private static string Kebab(string name) =>
        string.Concat(name.Select((c, i) => char.IsUpper(c) && i > 0 ? "-" + char.ToLowerInvariant(c) : char.ToLowerInvariant(c).ToString()));
}
