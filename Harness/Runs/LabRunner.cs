using System.Globalization;
using System.Runtime.InteropServices;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Stores;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Harness.Runs;

/// <summary>
/// The main job: start (or reach) the store, measure its durable flush, run every cell with its contenders side by
/// side, and write the results folder. The folder is written under a temporary name and renamed at the end, so a
/// failed or cancelled run leaves nothing half-written.
/// </summary>
internal static class LabRunner
{
    private const int FlushProbeCommits = 200;
    /// <summary>The strategies that need what the store lacks, asked of one fresh log (none is made when no strategy needs anything).</summary>
    private static async Task<IReadOnlyList<UnavailableStrategy>> UnavailableAsync(
        IReadOnlyList<Strategies.StrategyRegistration> strategies, IEventStoreProvider provider, CancellationToken cancellationToken)
    {
        if (strategies.All(s => s.Needs is not { Count: > 0 }))
        {
            return [];
        }

        await using var log = await provider.CreateFreshLogAsync(cancellationToken).ConfigureAwait(false);
        return [.. strategies.Select(s => (s.Name, Reason: s.UnavailableOn(log))).Where(s => s.Reason is not null).Select(s => new UnavailableStrategy(s.Name, s.Reason!))];
    }

    private static readonly TimeSpan StoreSilence = TimeSpan.FromSeconds(5);

    /// <returns>An <see cref="ExitCodes"/> value: every case ran and verified, a broken guarantee, no case ran, or some cases failed.</returns>
    public static Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, CancellationToken cancellationToken) =>
        RunAsync(options, commandLine, console, suite: null, cancellationToken);

    /// <param name="suite">Runs these cells instead of the options' grid and writes its own files beside the run's; null for the main job.</param>
    public static async Task<int> RunAsync(HarnessOptions options, string commandLine, TextWriter console, ChosenCells? suite, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(console);
        var copy = new ConsoleCopy(console);
        console = copy;
        EnsureTheBudgetFits(options, options.Measurement(checkpointBeforeRounds: true), suite?.Cells ?? Cells(options));
        await using var run = await SuiteRun.StartAsync(options, null, console, cancellationToken).ConfigureAwait(false);
        var (folder, provider, store, started, source) = (run.Folder, run.Provider, run.Store, run.Started, run.Source);
        var flush = await DurableFlushProbe.MeasureAsync(provider, FlushProbeCommits, cancellationToken).ConfigureAwait(false);
        console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"Durable flush: median {flush.MedianMs:0.###} ms, p95 {flush.P95Ms:0.###} ms over {FlushProbeCommits} single-row commits"));
        var settings = options.Measurement(checkpointBeforeRounds: await provider.SettleAsync(cancellationToken).ConfigureAwait(false));
        var unavailable = await UnavailableAsync(options.Strategies, provider, cancellationToken).ConfigureAwait(false);
        foreach (var strategy in unavailable)
        {
            console.WriteLine($"{strategy.Strategy}: not available on this store ({strategy.Reason}).");
        }

        options = options with { Strategies = [.. options.Strategies.Where(s => unavailable.All(u => u.Strategy != s.Name))] };

        // In the order a review needs them (Cells): when the budget cannot decide every row, the last are left out.
        IReadOnlyList<CellKey> cells = suite?.Cells ?? Cells(options);
        // A smoke run (no budget) leaves the store's own tool out: it is there to hold a measured ceiling against.
        var toolCells = suite is null && settings.BudgetMinutes is not null && provider is IStoreToolEventInserts
            // The tool's inserts run at the provider's own durability only.
            ? StoreToolRuns.Cells([.. cells.Where(c => c.Durability is null || c.Durability == provider.Durability)])
            : [];
        var contenders = options.Strategies.Count + RawCeiling.VariantNames.Count;
        var plan = new RunPlan(
            [.. cells.Select(c => new PlannedCell(c, CellCostModel.Mandatory(c, contenders, settings), CellCostModel.FirstLook(c, contenders, settings)))],
            settings.BudgetMinutes is { } minutes ? TimeSpan.FromMinutes(minutes) - StoreToolRuns.Duration(toolCells) : null,
            CellCostModel.ScaleFor(flush.MedianMs));
        var cases = new List<CaseResult>();
        var verdicts = new List<CellVerdict>();
        var claims = new Dictionary<string, StrategyClaims>(StringComparer.Ordinal);
        await using (var watch = StoreWatch.Start(provider, StoreSilence, cancellationToken))
        {
            var progress = new ProgressReporter(cells.Count, console, watch.Token, plan.Total - (DateTimeOffset.Now - started));
            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"Racing {cells.Count} cells x {options.Strategies.Count} strategies and {RawCeiling.VariantNames.Count} raw writers of the ceiling: a qualifying round, then up to {settings.Rounds} race rounds of " +
                $"{settings.WindowSeconds:0.###} s windows per cell, margin ±{settings.Margin:P0}" +
                $"{(plan.Total is { } total ? $", within {total.TotalMinutes:0.#} minutes" : ", no budget")}{(settings.CheckpointBeforeRounds ? ", a CHECKPOINT before every turn" : "")}."));
            if (plan.Total is not null)
            {
                plan.AllowanceFor(0, DateTimeOffset.Now - started);
                console.WriteLine(PlanText.Opening(plan, cells));
            }

            try
            {
                for (var index = 0; index < cells.Count; index++)
                {
                    var cell = cells[index];
                    watch.Token.ThrowIfCancellationRequested();
                    var leftOutBefore = plan.LeftOut.ToArray();
                    var allowance = plan.AllowanceFor(index, DateTimeOffset.Now - started);
                    if (index > 0 && PlanText.Change(plan, leftOutBefore) is { } change)
                    {
                        console.WriteLine(change);
                    }

                    if (plan.IsLeftOut(index))
                    {
                        continue;
                    }

                    progress.CellStarting(cell);
                    var cellRun = await CellRunner.RunAsync(cell, provider, options.Strategies, options.Cases, settings, allowance, progress.Note, watch.Token).ConfigureAwait(false);
                    plan.Record(index, cellRun.Mandatory);
                    var (results, cellClaims, verdict) = (cellRun.Cases, cellRun.Claims, cellRun.Verdict);
                    cases.AddRange(results);
                    if (verdict is not null)
                    {
                        verdicts.Add(verdict);
                    }

                    foreach (var claim in cellClaims)
                    {
                        claims.TryAdd(claim.Strategy, claim);
                    }

                    progress.CellFinished(results, verdict);
                }

                // A cancel during the last cell ends its cases early: what they hold is not a result to write.
                watch.Token.ThrowIfCancellationRequested();
            }
            catch (Exception) when (!cancellationToken.IsCancellationRequested)
            {
                // Whatever the cases made of a dead server (timeouts, failed cleanups), it is the store's failure.
                if (await watch.VerdictAsync().ConfigureAwait(false) is { } lost)
                {
                    throw lost;
                }

                throw;
            }
        }

        var tool = provider is IStoreToolEventInserts storeTool
            ? await StoreToolRuns.MeasureAsync(storeTool, provider, StoreToolRuns.WithCeilings(toolCells, cases), options.Cases, settings, StoreToolRuns.TurnLength, StoreToolRuns.Turns, console, cancellationToken).ConfigureAwait(false)
            : [];

        var environment = new RunEnvironment(
            EnvironmentProbe.Cpu(), Environment.ProcessorCount, EnvironmentProbe.Memory(), RuntimeInformation.OSDescription,
            RuntimeInformation.FrameworkDescription, EnvironmentProbe.Packages(), provider.Description, store.Durability(options),
            flush.MedianMs, flush.P95Ms, options.Prefill, options.PayloadBytes, settings, commandLine, source, started, DateTimeOffset.Now, provider.Caveat);
        var record = new RunRecord(
            environment, [.. options.Strategies.Select(s => s.Name).Where(claims.ContainsKey).Select(n => claims[n])], cases, unavailable, verdicts, tool.Count > 0 ? tool : null,
            plan.LeftOut.Count > 0 ? [.. plan.LeftOut.Select(c => new LeftOutCell(c.Cell, c.Mandatory.TotalSeconds * plan.Scale))] : null,
            [.. StoreCatalog.All.Select(s => s.CommitShapes).OfType<StoreCommitShapes>().Select(s => s with { RanHere = string.Equals(s.Store, options.Store, StringComparison.OrdinalIgnoreCase) })]);
        run.Complete(
            working => File.WriteAllText(Path.Combine(working, RunRecord.FileName), record.ToJson()),
            working =>
            {
                ResultsWriter.WriteReports(record, working);
                foreach (var (name, content) in suite?.Files(record) ?? [])
                {
                    File.WriteAllText(Path.Combine(working, name), content);
                }
            });

        var failed = cases.Count(c => c.Failure is not null);
        var broken = cases.Count(c => c.Verification.Checked != VerificationKind.NotChecked && !c.Verification.Passed);
        console.WriteLine();
        console.WriteLine(VerdictWriter.Opening(record));
        var pages = RunPages.Of(record);
        console.WriteLine($"{(record.Verdicts is null ? "Summary" : "Verdict")}: {Path.Combine(folder, pages[0].FileName)}{(pages.Count > 1 ? $" (then: {string.Join(", ", pages.Skip(1).Select(p => Path.Combine(folder, p.FileName)))})" : "")}");
        suite?.Report(record, console);
        console.WriteLine($"{cases.Count} cases: {cases.Count - failed} measured, {failed} failed (causes in the summary), {broken} with a broken guarantee.");
        copy.SaveTo(folder);
        return ExitCodes.OfRun(cases.Count, failed, broken);
    }

    /// <summary>
    /// Refuses, before any cell runs, a budget that cannot pay even for the first cell's mandatory part (starts,
    /// qualifying round, the rounds to the first look, checks) as predicted on our machines; a budget that covers some cells runs those (the plan says
    /// which it leaves out).
    /// </summary>
    public static void EnsureTheBudgetFits(HarnessOptions options, MeasurementSettings settings, IReadOnlyList<CellKey> cells)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(cells);
        if (settings.BudgetMinutes is not { } minutes || cells.Count == 0)
        {
            return;
        }

        var contenders = options.Strategies.Count + RawCeiling.VariantNames.Count;
        var first = CellCostModel.Mandatory(cells[0], contenders, settings) + RunPlan.Reserve;
        if (first > TimeSpan.FromMinutes(minutes))
        {
            var all = TimeSpan.FromSeconds(cells.Sum(c => CellCostModel.Mandatory(c, contenders, settings).TotalSeconds)) + RunPlan.Reserve;
            throw new ArgumentException(string.Create(CultureInfo.InvariantCulture,
                $"--budget {minutes:0.#}: the first of {cells.Count} cells x {options.Strategies.Count} strategies alone needs about {first.TotalMinutes:0.#} minutes (every contender starts, qualifies, races to the first look and is checked), and all of them at least {Math.Ceiling(all.TotalMinutes):0}; raise --budget or narrow the grid (--events, --concurrency, --contention, --load, --methods, --strategies)."));
        }
    }

    /// <summary>
    /// The cells in the order a review needs them, which is the order they run in and the order the plan leaves them out
    /// from the end of: the seed's grid (waves) first, method by method, events per commit and then committers
    /// ascending (aggregate and conditional cells on --aggregates where they have more committers); then the contended
    /// rows (sustained aggregate and conditional commits of the fewest events per commit, in each command mode); then the sustained grid, in
    /// the same order; over several durabilities, each cell at each, one after the other.
    /// </summary>
    public static IReadOnlyList<CellKey> Cells(HarnessOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        var checkedMethods = options.Methods.Where(m => m != BenchmarkMethod.CommitEvents).ToArray();
        IEnumerable<CellKey> Grid(LoadKind load) =>
            from method in options.Methods
            from events in options.Events.Order()
            from concurrency in options.Concurrency.Order()
            select new CellKey(load, method, events, concurrency,
                method != BenchmarkMethod.CommitEvents && options.Aggregates is { } shared && shared < concurrency ? shared : null);
        // Pipelined owners for aggregate commits only: a condition names positions in the log, which a commit not yet acknowledged does not have.
        var contended = options.Loads.Contains(LoadKind.Sustained)
            ? from row in options.ContendedRows
              from method in checkedMethods
              from commands in options.CommandModes
              where commands != CommandMode.Pipelined || method == BenchmarkMethod.CommitAggregateEvents
              select new CellKey(LoadKind.Sustained, method, options.Events.Min(), row.Committers, row.Aggregates, Commands: commands)
            : [];
        IEnumerable<CellKey> waves = options.Loads.Contains(LoadKind.Waves) ? Grid(LoadKind.Waves) : [];
        IEnumerable<CellKey> sustained = options.Loads.Contains(LoadKind.Sustained) ? Grid(LoadKind.Sustained) : [];
        var cells = waves.Concat(contended).Concat(sustained).Distinct().ToArray();
        // Over several durabilities every cell runs at each, the provider's own first; over one, the header names it.
        return options.Durabilities is { Count: > 1 } durabilities
            ? [.. cells.SelectMany(c => durabilities.Select(d => c with { Durability = d }))]
            : cells;
    }
}
