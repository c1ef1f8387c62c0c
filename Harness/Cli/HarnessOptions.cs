using System.Collections.Immutable;
using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Cli;

/// <summary>The harness's command line, validated: every error names the option, the value and what is valid.</summary>
public sealed record HarnessOptions
{
    /// <summary>What the record keeps of the cuts: 1 over the two-window cut's depth (the race screens its rivals).</summary>
    public const double EarlyStopFactor = 1 / Engine.Racing.StallRates.TwoWindowsDepth;

    public string Store { get; init; } = "postgres";

    public IReadOnlyList<StrategyRegistration> Strategies { get; init; } = StrategyCatalog.DefaultRace;

    public IReadOnlyList<LoadKind> Loads { get; init; } = System.Enum.GetValues<LoadKind>();

    public IReadOnlyList<BenchmarkMethod> Methods { get; init; } = [BenchmarkMethod.CommitEvents, BenchmarkMethod.CommitAggregateEvents];

    public IReadOnlyList<int> Events { get; init; } = [1, 10, 100];

    public IReadOnlyList<int> Concurrency { get; init; } = [1, 10, 100];

    /// <summary>--aggregates: every aggregate and conditional cell's committers draw from this many; null for one per committer.</summary>
    public int? Aggregates { get; init; }

    /// <summary>--contention: the contended rows beside the grid; null for the default (see <see cref="ContendedRows"/>).</summary>
    public IReadOnlyList<ContentionRow>? Contention { get; init; }

    /// <summary>--command-modes: how the contended rows' commands run, a row per mode.</summary>
    public IReadOnlyList<CommandMode> CommandModes { get; init; } = Enum.GetValues<CommandMode>();

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
    public double Margin { get; init; } = Engine.Racing.RaceSettings.DefaultMargin;

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

    /// <summary>
    /// Each store's own settings, by their type, as its module reads them from the environment and its options: the
    /// harness core holds them without knowing any store.
    /// </summary>
    public ImmutableDictionary<Type, object> StoreSettings { get; init; } = ImmutableDictionary<Type, object>.Empty;

    /// <summary>A store's settings: those the environment and the command line gave, else its defaults.</summary>
    public T StoreSetting<T>()
        where T : class, new() =>
        StoreSettings.TryGetValue(typeof(T), out var settings) ? (T)settings : new T();

    /// <summary>These options with a store's settings replaced.</summary>
    public HarnessOptions WithStoreSetting<T>(T settings)
        where T : class =>
        this with { StoreSettings = StoreSettings.SetItem(typeof(T), settings) };

    /// <summary>The settings of <paramref name="module"/>'s store: the ones set, else its defaults.</summary>
    public object StoreSetting(IStoreModule module)
    {
        ArgumentNullException.ThrowIfNull(module);
        return StoreSettings.TryGetValue(module.SettingsType, out var settings) ? settings : module.Defaults();
    }

    /// <summary>These options with <paramref name="module"/>'s store settings replaced.</summary>
    public HarnessOptions WithStoreSetting(IStoreModule module, object settings)
    {
        ArgumentNullException.ThrowIfNull(module);
        return this with { StoreSettings = StoreSettings.SetItem(module.SettingsType, settings) };
    }

    public bool ShowHelp { get; init; }

    /// <summary>The tool the command line names (compare, report, index, list); null for the main job and the suites.</summary>
    public string? Verb { get; init; }

    public IReadOnlyList<string> VerbArguments { get; init; } = [];

    /// <summary>The suite to run (its catalog name, e.g. <c>tags</c>); null for the main job and the tools.</summary>
    public string? Suite { get; init; }

    /// <summary>The suite's own settings, as its verb read them (each suite has a type of its own); null when it has none.</summary>
    public object? SuiteSettings { get; init; }

    /// <summary>The suite's settings, of the type its verb sets.</summary>
    /// <exception cref="InvalidOperationException">The options carry no settings of that type (a suite run without its verb).</exception>
    public T SuiteSetting<T>()
        where T : class =>
        SuiteSettings as T ?? throw new InvalidOperationException($"The options carry no {typeof(T).Name}: the {Suite ?? "main job"} verb sets a suite's settings.");

    /// <summary>The defaults, with every store's settings read from the environment (PG_CONNECTION, MONGODB_URI ...).</summary>
    public static HarnessOptions FromEnvironment() => StoreCatalog.All.Aggregate(new HarnessOptions(), (options, store) => store.FromEnvironment(options));

    /// <summary>The command line read over the environment's settings (which it overrides).</summary>
    public static HarnessOptions Parse(IReadOnlyList<string> args) => LabCommandLine.Parse(args, FromEnvironment());

    /// <summary>The command line read over <paramref name="defaults"/> (the tests' stand-in for the environment).</summary>
    /// <exception cref="ArgumentException">The message names the bad option or value and lists what is valid.</exception>
    public static HarnessOptions Parse(IReadOnlyList<string> args, HarnessOptions defaults) => LabCommandLine.Parse(args, defaults);

    /// <summary>These options, or the refusal of a combination no option refuses alone.</summary>
    /// <exception cref="ArgumentException">The message names the options and what to change.</exception>
    public HarnessOptions Validated()
    {
        if (RateEventsPerSecond is not null && !Loads.Contains(LoadKind.Sustained))
        {
            throw new ArgumentException("--rate paces the sustained load; add sustained to --load (valid values: waves, sustained).");
        }

        var largestCommit = (long)Events.Max() * PayloadBytes;
        if (largestCommit > MaxCommitBytes)
        {
            // A commit is written in one statement (one document batch on MongoDB, whose documents stop at 16 MiB), and a
            // wave holds one of them per committer in memory: 2 000 x 1 MB once took the process to 11.8 GB.
            throw new ArgumentException(string.Create(CultureInfo.InvariantCulture,
                $"--events {Events.Max()} x --payload-bytes {PayloadBytes} is {largestCommit:N0} bytes of payload per commit; the lab takes at most {MaxCommitBytes:N0} (16 MiB): lower either."));
        }

        return this;
    }

    /// <summary>How every contender's case is set up: --payload-bytes, --prefill, --skew, --conflict-retries, --case-timeout.</summary>
    internal CaseSettings Cases => new(PayloadBytes, Prefill, Skew, ConflictRetries, CaseTimeout);

    /// <summary>
    /// Race rounds of cells with fewer committers are mirrored (<see cref="MeasurementSettings.Mirrors"/>): the
    /// grid's largest committers' turns outlast their window.
    /// </summary>
    internal const int MirroredBelowCommitters = 100;

    /// <summary>How every cell is measured: the job's rounds, window and budget unless --rounds, --window or --budget say otherwise.</summary>
    public MeasurementSettings Measurement(bool checkpointBeforeRounds)
    {
        var (rounds, window, budget) = Job switch
        {
            LabJob.Precise => (96, 0.2, 90.0),
            LabJob.Dry => (2, 0.1, (double?)null),
            _ => (48, 0.1, 20.0),
        };
        var windowSeconds = WindowSeconds ?? window;
        var maximumRounds = Rounds ?? rounds;
        return new MeasurementSettings(
            Job.ToString().ToLowerInvariant(), Loads, maximumRounds, windowSeconds, windowSeconds / 4, RateEventsPerSecond, EarlyStopFactor,
            Engine.Statistics.RoundStatistics.Level, checkpointBeforeRounds, Reader, ReaderLoads,
            Margin, Engine.Racing.RaceSettings.DefaultErrorRate, Engine.Racing.RaceSettings.LooksUpTo(maximumRounds), BudgetMinutes ?? budget, Skew, ConflictRetries,
            ShuffledEveryRound: true, ErrorPerRow: true, SequentialLooks: true, MirroredBelowCommitters: MirroredBelowCommitters);
    }
}
