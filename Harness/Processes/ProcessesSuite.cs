using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Implementations;
using EventCommitLab.SuitePorts.Faults;

namespace EventCommitLab.Harness.Processes;

/// <summary>
/// <c>suite processes</c>: the contended row's hot aggregates commanded from one writer process and from two at once.
/// Within a process an owner takes an aggregate's commands one at a time and nothing conflicts; across processes the
/// owners do not know of each other, and conflicts return. With <c>--methods CommitEvents</c>, plain commits too, which
/// share only the log and its counter: what a strategy that numbers in the process meets from another process. Each
/// round runs every layout in turn, each a fresh set of writer processes started together on the same aggregates; the
/// log is read back after a strategy's rounds.
/// </summary>
internal static class ProcessesSuite
{
    public const string Name = "processes";

    /// <summary>The contended row's shape: 100 committers on 10 aggregates.</summary>
    public const int Committers = 100;

    public const int Aggregates = 10;

    /// <summary>One process, then the committers split over two.</summary>
    public static readonly IReadOnlyList<int> Layouts = [1, 2];

    private const int DefaultRounds = 5;
    private const double DefaultWindowSeconds = 3;
    // Long enough for a fresh process's code to reach its optimised tier before the window opens.
    private static readonly TimeSpan Ramp = TimeSpan.FromSeconds(2);

    /// <summary>The page and its figures: each case's median events/s over its rounds.</summary>
    public static SuiteReport Report => SuiteReport.For<ProcessesRun>(
        Name, ProcessesWriter.Write,
        run => run.Cases.Where(c => c.Rounds.Count > 0).Select(c => new SuiteFigure(
            string.Create(CultureInfo.InvariantCulture, $"{c.Strategy}, {c.Workload}, {c.Processes} x {c.CommittersEach}"), "events/s",
            new Interval(c.Rounds.Select(r => r.EventsPerSecond).Order().ElementAt(c.Rounds.Count / 2), null, null, c.Rounds.Count), HigherIsBetter: true)));

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync)
    {
        UnderSuiteGroup = true,
        Children = [new SuiteChild(MeasuringChild.Verb, MeasuringChild.RunAsync)],
    };

    /// <summary><c>suite processes</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, string.Create(CultureInfo.InvariantCulture,
            $"hot aggregates from one writer process and from two: {Committers} committers on {Aggregates} aggregates in each command mode; with --methods CommitEvents, plain commits of {ProcessesWorkload.PlainEventsPerCommit} events too [strategy: BatchingPipeline; methods: CommitAggregateEvents]"),
        "the contended row from one writer process and from two at once",
        [GridOptions.Strategies, GridOptions.Methods, GridOptions.CommandModes, GridOptions.ConflictRetries, GridOptions.Rounds, GridOptions.Window],
        (result, options) => options with
        {
            Suite = Name,
            Strategies = result.Given(GridOptions.Strategies) ? options.Strategies : [StrategyCatalog.Get(BatchingPipelineStrategy.NameFor(1))],
            Methods = result.Given(GridOptions.Methods) ? options.Methods : [BenchmarkMethod.CommitAggregateEvents],
        });

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var store = StoreCatalog.Get(options.Store);
        if (!store.Offers<IFaultInjectionProvider>() || store.OpenAt is null)
        {
            throw new ArgumentException(
                $"{Name}: --store {options.Store} cannot be opened by writer processes of the lab's; the processes suite runs on: {string.Join(", ", StoreCatalog.Offering<IFaultInjectionProvider>())}.");
        }

        if (options.Methods.Where(m => !ProcessesWorkload.Methods.Contains(m)).ToArray() is [var unrun, ..])
        {
            throw new ArgumentException($"{Name}: --methods {unrun} is not run by the processes suite; valid: {string.Join(", ", ProcessesWorkload.Methods)}.");
        }

        ProcessesWorkload[] workloads =
        [
            .. options.Methods.Contains(BenchmarkMethod.CommitAggregateEvents) ? options.CommandModes.Select(m => ProcessesWorkload.OnHotAggregates(Aggregates, m)) : [],
            .. options.Methods.Contains(BenchmarkMethod.CommitEvents) ? [ProcessesWorkload.Plain] : Array.Empty<ProcessesWorkload>(),
        ];
        var rounds = options.Rounds ?? DefaultRounds;
        var window = TimeSpan.FromSeconds(options.WindowSeconds ?? DefaultWindowSeconds);
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var provider = suite.RequirePort<IFaultInjectionProvider>("cannot be opened by writer processes of the lab's");
        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{Committers} committers from {string.Join(" and ", Layouts)} writer processes: {string.Join("; ", workloads.Select(w => w.Method == BenchmarkMethod.CommitEvents ? w.Label : $"{w.Label} on {Aggregates} hot aggregates"))}; {rounds} rounds of {window.TotalSeconds:0.#} s windows."));
        var cases = new List<ProcessesCase>();
        var checks = new Dictionary<string, VersionCheck>(StringComparer.Ordinal);
        foreach (var strategy in options.Strategies)
        {
            await using var target = await provider.CreateFaultTargetAsync(cancellationToken).ConfigureAwait(false);
            foreach (var workload in workloads)
            {
                var tallies = Layouts.ToDictionary(l => l, _ => new List<WriterTally>());
                var failures = new Dictionary<int, string>();
                for (var round = 0; round < rounds && failures.Count == 0; round++)
                {
                    // The layouts take turns, first one then the other, so a drift of the machine reaches both.
                    foreach (var processes in round % 2 == 0 ? Layouts : Layouts.Reverse())
                    {
                        var aggregates = string.Create(CultureInfo.InvariantCulture, $"hot-{workload.Commands}-{round}-{processes}");
                        try
                        {
                            var deadlocksBefore = await target.CountDeadlocksAsync(cancellationToken).ConfigureAwait(false);
                            var tally = await MeasuringWriters.RunAsync(
                                options.Store, target.Address, strategy.Name, processes, Committers / processes, workload, aggregates, options.ConflictRetries, Ramp, window,
                                cancellationToken).ConfigureAwait(false);
                            tally = tally with { Deadlocks = await target.CountDeadlocksAsync(cancellationToken).ConfigureAwait(false) - deadlocksBefore };
                            tallies[processes].Add(tally);
                            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                                $"  {strategy.Name}, {workload.Label}, round {round + 1}: {processes} x {Committers / processes}: {tally.EventsPerSecond:N0} events/s, {tally.Conflicts:N0} conflicts, {tally.GivenUp:N0} given up{(tally.Deadlocks is { } d ? $", {d:N0} deadlocks" : "")}{(tally.StrategyRetries is { } r ? $", {r:N0} strategy's retries" : "")}"));
                        }
                        catch (InvalidOperationException e)
                        {
                            failures[processes] = e.Message;
                        }
                    }
                }

                cases.AddRange(Layouts.Select(l => new ProcessesCase(
                    strategy.Name, workload.Commands, l, Committers / l, tallies[l], failures.GetValueOrDefault(l), workload.Method, workload.EventsPerCommit)));
            }

            checks[strategy.Name] = VersionCheck.Of(await target.Log.ReadSnapshotAsync(cancellationToken).ConfigureAwait(false));
        }

        var page = suite.Complete(Report, new ProcessesRun(EnvironmentProbe.ForSuite(suite.Provider.Description, commandLine, suite.Started), Committers, Aggregates, Ramp.TotalSeconds,
            window.TotalSeconds, cases, checks));
        var failed = cases.Count(c => c.Failure is not null);
        var broken = checks.Values.Count(c => !c.Passed);
        console.WriteLine($"Processes: {page}; {cases.Count} cases, {failed} failed, {broken} strategies whose log broke a version or a number.");
        return ExitCodes.OfRun(cases.Count, failed, broken);
    }
}
