using System.CommandLine;
using System.Globalization;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Harness.Suites;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Sweep;

/// <summary>
/// <c>sweep</c>: the latency-versus-load curve of a few strategies in one sustained cell. Each strategy gets its fresh
/// log and a warm-up, then a closed-loop step (committers back to back: its saturation in this cell), then open-loop
/// steps at fractions of that rate, from a tenth to past saturation, with latency from each commit's intended start.
/// The strategies take their steps in turn, rate by rate, so a drift of the machine reaches all of them; at the end
/// each log is checked by the verifier.
/// </summary>
internal static class SweepSuite
{
    public const string Name = "sweep";

    /// <summary>
    /// The run's page and charts, and its figures: per strategy its closed-loop rate and its capacity at the objective
    /// (single measurements, without an interval).
    /// </summary>
    public static SuiteReport Report => SuiteReport.For<SweepRun>(
        Name, SweepWriter.FileName, (run, _) => SweepWriter.Write(run),
        run => run.Curves.SelectMany(curve => new[]
        {
            curve.ClosedLoop is { } closed ? new SuiteFigure($"{curve.Strategy}, closed loop", "events/s", new Interval(closed.AchievedEventsPerSecond, null, null, 1), HigherIsBetter: true) : null,
            SweepPlan.Capacity(curve.Points, run.SloMs) is { OfferedEventsPerSecond: { } capacity }
                ? new SuiteFigure(string.Create(CultureInfo.InvariantCulture, $"{curve.Strategy}, capacity at p99 <= {run.SloMs} ms"), "events/s offered", new Interval(capacity, null, null, 1), HigherIsBetter: true)
                : null,
        }.OfType<SuiteFigure>()),
        SweepWriter.Charts);


    private static readonly Option<double> SloMs = LabOption.Of(
        "--slo-ms", "MS", $"the objective: capacity is the highest load at p99 <= this, 0.01..60000 [{SweepSettings.Default.SloMs}]", (o, v) => OptionValues.Decimal(o, v, 0.01, 60_000));

    /// <summary>The suite's line in <see cref="SuiteCatalog"/>.</summary>
    public static SuiteRegistration Registration => new(Name, () => Verb, Report, RunAsync);

    /// <summary><c>sweep</c> on the command line.</summary>
    public static LabVerb Verb => new(
        Name, "latency against load: a closed-loop step, then open-loop steps from 10% to 125% of it, for the latest verdict's choice for the cell, the two nearest and the current implementation [cell: CommitEvents, 1 x 100]",
        "one sustained cell, a closed-loop step and open-loop steps at fractions of it",
        [.. GridOptions.Except(GridOptions.Loads, GridOptions.Job, GridOptions.Rounds, GridOptions.Budget, GridOptions.Margin, GridOptions.Rate,
            GridOptions.Contention, GridOptions.Aggregates, GridOptions.Reader, GridOptions.ReaderLoads), SloMs],
        Bind);

    private static HarnessOptions Bind(ParseResult result, HarnessOptions options)
    {
        var many = new (Option Option, int Count)[] { (GridOptions.Methods, options.Methods.Count), (GridOptions.Events, options.Events.Count), (GridOptions.Concurrency, options.Concurrency.Count) }
            .FirstOrDefault(o => o.Count != 1 && result.Given(o.Option));
        if (many.Option is { } option)
        {
            throw new ArgumentException($"{Name}: {option.Name} takes one value here (the sweep is one cell).");
        }

        var defaults = SweepSettings.Default;
        return options with
        {
            Suite = Name,
            // A strategy offered more than it can take keeps each window open up to ten times its length, in every
            // step past its saturation: the main job's case timeout is too short for a whole sweep of a slow strategy.
            CaseTimeout = result.Given(GridOptions.CaseTimeout) ? options.CaseTimeout : TimeSpan.FromMinutes(20),
            Reader = ReaderKind.None,
            SuiteSettings = new SweepSettings(
                result.Given(GridOptions.Methods) ? options.Methods[0] : defaults.Method,
                result.Given(GridOptions.Events) ? options.Events[0] : defaults.NumberOfEvents,
                result.Given(GridOptions.Concurrency) ? options.Concurrency[0] : defaults.Committers,
                result.Given(SloMs, out var slo) ? slo : defaults.SloMs,
                options.WindowSeconds ?? defaults.WindowSeconds),
        };
    }

    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var sweep = options.SuiteSetting<SweepSettings>();
        var cell = new CellKey(LoadKind.Sustained, sweep.Method, sweep.NumberOfEvents, sweep.Committers);
        var (strategies, chosenFrom) = !options.Strategies.SequenceEqual(Strategies.StrategyCatalog.DefaultRace)
            ? (options.Strategies, (string?)null)
            : SweepChoice.FromLatestVerdict(cell, ResultsFolder.Root);
        await using var suite = await SuiteRun.StartAsync(options, Name, console, cancellationToken).ConfigureAwait(false);
        var (folder, partial, provider, store) = (suite.Folder, suite.WorkingFolder, suite.Provider, suite.Store);
        console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"Sweeping {cell} for {string.Join(", ", strategies.Select(s => s.Name))}{(chosenFrom is null ? "" : $" (the verdict of {chosenFrom} and the current implementation)")}: a closed-loop step, then {SweepPlan.Fractions.Count} open-loop steps of {sweep.Windows} windows of {sweep.WindowSeconds:0.##} s each."));
        var settings = options.Measurement(checkpointBeforeRounds: false) with { WindowSeconds = sweep.WindowSeconds, RampSeconds = sweep.WindowSeconds / 4, RateEventsPerSecond = null };
        var cases = new List<(string Name, ContenderCase? Case, string? Failure)>();
        foreach (var strategy in strategies)
        {
            try
            {
                cases.Add((strategy.Name, await ContenderCase.StartAsync(cell, strategy, null, provider, options.Cases, settings, cancellationToken).ConfigureAwait(false), null));
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested)
            {
                cases.Add((strategy.Name, null, $"setup failed: {FailureCause.Of(e)}"));
            }
        }

        var closed = new Dictionary<string, SweepPoint>(StringComparer.Ordinal);
        var points = cases.ToDictionary(c => c.Name, _ => new List<SweepPoint>(), StringComparer.Ordinal);
        foreach (var (name, target, _) in cases)
        {
            if (target is not null && await ClosedLoopAsync(target, settings).ConfigureAwait(false) is { } point)
            {
                closed[name] = point;
                console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {name}: {point.AchievedEventsPerSecond:N0} events/s back to back, p99 {point.Latency?.P99Ms:0.##} ms"));
            }
        }

        for (var step = 0; step < SweepPlan.Fractions.Count; step++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var fraction = SweepPlan.Fractions[step];
            var achieved = cases.ToDictionary(c => c.Name, _ => new List<double>(), StringComparer.Ordinal);
            foreach (var (_, target, _) in cases)
            {
                target?.BeginRaceRounds();
            }

            // Each step is measured in several windows, the strategies taking turns in an order rotated from window to
            // window, so a stall of the machine lands in one window of one strategy, not in a whole step.
            for (var window = 0; window < sweep.Windows; window++)
            {
                var turn = step * sweep.Windows + window;
                foreach (var (name, target, _) in RoundOrder.Rotated(cases, turn))
                {
                    if (target is null || !closed.TryGetValue(name, out var saturation))
                    {
                        continue;
                    }

                    if (await target.MeasureRoundAsync(settings with { RateEventsPerSecond = SweepPlan.Rates(saturation.AchievedEventsPerSecond)[step] }, qualifying: false)
                        .ConfigureAwait(false) is { } eventsPerSecond)
                    {
                        achieved[name].Add(eventsPerSecond);
                    }
                }
            }

            foreach (var (name, target, _) in cases)
            {
                if (target is not null && closed.TryGetValue(name, out var saturation) && achieved[name].Count > 0)
                {
                    // The step's latency pools every window's commits; its rate is the mean of its windows' rates.
                    points[name].Add(new SweepPoint(fraction, SweepPlan.Rates(saturation.AchievedEventsPerSecond)[step], achieved[name].Average(),
                        target.CommitLatency.Summary() ?? target.GroupLatency.Summary()));
                }
            }

            console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  step {step + 1}/{SweepPlan.Fractions.Count} ({fraction:P0} of each strategy's closed-loop rate) done"));
        }

        var curves = new List<SweepCurve>();
        foreach (var (name, target, failure) in cases)
        {
            var result = target is null ? null : await target.FinishAsync(null, [], null).ConfigureAwait(false);
            curves.Add(new SweepCurve(name, closed.GetValueOrDefault(name), [.. points[name].OrderBy(p => p.OfferedEventsPerSecond)],
                result?.Verification ?? VerificationTally.NotChecked, failure ?? result?.Failure));
        }

        var run = new SweepRun(
            EnvironmentProbe.Cpu(), Environment.ProcessorCount, provider.Description, store.Durability(options), commandLine, suite.Source, suite.Started, DateTimeOffset.Now,
            sweep.Method.ToString(), sweep.NumberOfEvents, sweep.Committers, sweep.SloMs, sweep.WindowSeconds, chosenFrom, curves, sweep.Windows);
        var page = suite.Complete(Report, run);

        var failed = curves.Count(c => c.Failure is not null);
        var broken = curves.Count(c => c.Verification.Checked != VerificationKind.NotChecked && !c.Verification.Passed);
        console.WriteLine(SweepWriter.Capacities(run));
        console.WriteLine($"Sweep: {page}; {curves.Count} strategies, {failed} failed, {broken} with a broken guarantee.");
        return ExitCodes.OfRun(curves.Count, failed, broken);
    }

    /// <summary>The closed-loop step: one measured window back to back; null when the case has failed.</summary>
    private static async Task<SweepPoint?> ClosedLoopAsync(ContenderCase target, MeasurementSettings settings)
    {
        target.BeginRaceRounds();
        var achieved = await target.MeasureRoundAsync(settings with { RateEventsPerSecond = null }, qualifying: false).ConfigureAwait(false);
        return achieved is { } eventsPerSecond ? new SweepPoint(null, null, eventsPerSecond, target.CommitLatency.Summary() ?? target.GroupLatency.Summary()) : null;
    }
}
