using System.Diagnostics;
using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Harness.Runs;

/// <summary>
/// The store's own tool writing the ceiling's rows, after the cells are raced: which cells, how long, and three ways of
/// making the rows, so that the ceiling is held against the tool sending the payloads, sending every column as the lab's
/// statement does, and building its rows at its cheapest. The ceiling's fastest writer and the tool take turns, so that the ratio a review reads is measured side by
/// side, not minutes apart.
/// </summary>
internal static class StoreToolRuns
{
    /// <summary>How long each side writes in a turn of the main job.</summary>
    public static readonly TimeSpan TurnLength = TimeSpan.FromSeconds(1);

    /// <summary>
    /// Turns per cell of the main job: odd, so that the median of the turns' ratios is one turn's; five, because at one
    /// client a turn of 1 s holds few commits, each a flush, and its ratio varies from turn to turn more than the middle
    /// of three can settle (docs/method.md, the ceiling).
    /// </summary>
    public const int Turns = 5;

    /// <summary>What a side costs beyond its writing, on average: a fresh log, the tool's start or the ceiling's warm-up, the check.</summary>
    private static readonly TimeSpan SideOverhead = TimeSpan.FromSeconds(0.6);

    /// <summary>The payloads sent by the client first: that is the comparison a review reads.</summary>
    private static readonly StoreToolRows[] RowKinds = [StoreToolRows.SentByClient, StoreToolRows.EveryColumnSentByClient, StoreToolRows.BuiltOnServer];

    /// <summary>
    /// The cells whose ceiling the store's own tool is held against: the sustained plain-commit cells with the most
    /// events per commit, at each concurrency up to ten (beyond, the tool's clients crowd two cores as much as the lab's).
    /// </summary>
    public static IReadOnlyList<CellKey> Cells(IReadOnlyList<CellKey> cells)
    {
        ArgumentNullException.ThrowIfNull(cells);
        var plain = cells.Where(c => c.Load == LoadKind.Sustained && c.Method == BenchmarkMethod.CommitEvents).ToArray();
        return plain.Length == 0 ? [] : [.. plain.Where(c => c.NumberOfEvents == plain.Max(x => x.NumberOfEvents) && c.Committers <= 10).OrderBy(c => c.Committers)];
    }

    /// <summary>What the tool's runs for <paramref name="cells"/> take from the budget, starting each with them.</summary>
    public static TimeSpan Duration(IReadOnlyCollection<CellKey> cells)
    {
        ArgumentNullException.ThrowIfNull(cells);
        return cells.Count * Turns * (1 + RowKinds.Length) * (TurnLength + SideOverhead);
    }

    /// <summary>
    /// Each of <paramref name="cells"/> with the ceiling's writer its race found fastest; a cell with no measured ceiling
    /// (left out by the plan, or every writer failed) is left out.
    /// </summary>
    public static IReadOnlyList<(CellKey Cell, string Ceiling)> WithCeilings(IReadOnlyList<CellKey> cells, IReadOnlyList<CaseResult> cases)
    {
        ArgumentNullException.ThrowIfNull(cells);
        ArgumentNullException.ThrowIfNull(cases);
        return [.. cells
            .Select(cell => (Cell: cell, Fastest: cases.Where(c => c.Cell == cell && c.IsCeiling && c.Succeeded).MaxBy(c => c.Race.EventsPerSecond!.Estimate)))
            .Where(c => c.Fastest is not null)
            .Select(c => (c.Cell, c.Fastest!.Contender))];
    }

    /// <summary>
    /// Runs, cell by cell, <paramref name="turns"/> turns (odd) of the ceiling's writer and the tool each way, each side
    /// writing for <paramref name="turnLength"/> (whole seconds), in an order that rotates from turn to turn; a way the
    /// tool cannot run is left out, and so is a cell whose ceiling fails its turn.
    /// </summary>
    public static async Task<IReadOnlyList<StoreToolComparison>> MeasureAsync(
        IStoreToolEventInserts tool, IEventStoreProvider provider, IReadOnlyList<(CellKey Cell, string Ceiling)> cells, CaseSettings cases,
        MeasurementSettings settings, TimeSpan turnLength, int turns, TextWriter console, CancellationToken cancellationToken)
    {
        if (turns < 1 || turns % 2 == 0)
        {
            throw new ArgumentOutOfRangeException(nameof(turns), turns, "The turns must be odd, so that their median is one turn's ratio.");
        }

        ArgumentNullException.ThrowIfNull(tool);
        ArgumentNullException.ThrowIfNull(cells);
        ArgumentNullException.ThrowIfNull(cases);
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(console);
        var turn = settings with { WindowSeconds = turnLength.TotalSeconds, RampSeconds = turnLength.TotalSeconds / 8 };
        var comparisons = new List<StoreToolComparison>();
        foreach (var (cell, ceiling) in cells)
        {
            console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                $"The store's own tool against {ceiling} on the same rows ({cell.NumberOfEvents} events per commit, {cell.Committers} client{(cell.Committers == 1 ? "" : "s")}): {turns} turns of {turnLength.TotalSeconds:0} s each side"));
            var clock = Stopwatch.StartNew();
            try
            {
                comparisons.AddRange(await MeasureCellAsync(tool, provider, cell, ceiling, cases, turn, turns, console, cancellationToken).ConfigureAwait(false));
                console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {clock.Elapsed.TotalSeconds:0.0} s for the turns"));
            }
            catch (InvalidOperationException e) when (!cancellationToken.IsCancellationRequested)
            {
                console.WriteLine($"  left out: {e.Message}");
            }
        }

        return comparisons;
    }

    private static async Task<IReadOnlyList<StoreToolComparison>> MeasureCellAsync(
        IStoreToolEventInserts tool, IEventStoreProvider provider, CellKey cell, string ceiling, CaseSettings cases, MeasurementSettings turn, int turns,
        TextWriter console, CancellationToken cancellationToken)
    {
        var ceilingRates = new List<double>();
        var toolRuns = RowKinds.ToDictionary(rows => rows, _ => new List<StoreToolInsertRate>());
        var cannotRun = new HashSet<StoreToolRows>();
        for (var index = 0; index < turns; index++)
        {
            // Each side goes first once in a while, so that neither is always the one after a checkpoint's aftermath.
            StoreToolRows?[] sides = [null, .. RowKinds.Select(r => (StoreToolRows?)r)];
            var order = sides.Skip(index % sides.Length).Concat(sides.Take(index % sides.Length));
            var measured = new List<string>();
            foreach (var side in order)
            {
                if (side is not { } rows)
                {
                    var rate = await CeilingTurn.MeasureAsync(cell, ceiling, provider, cases, turn, cancellationToken).ConfigureAwait(false);
                    ceilingRates.Add(rate);
                    measured.Add(string.Create(CultureInfo.InvariantCulture, $"{ceiling} {rate:N0} events/s"));
                    continue;
                }

                if (cannotRun.Contains(rows))
                {
                    continue;
                }

                if (turn.CheckpointBeforeRounds)
                {
                    await provider.SettleAsync(cancellationToken).ConfigureAwait(false);
                }

                if (await tool.MeasureEventInsertsWithStoreToolAsync(cell.NumberOfEvents, cell.Committers, cases.PayloadBytes, rows, TimeSpan.FromSeconds(turn.WindowSeconds), cancellationToken).ConfigureAwait(false) is { } run)
                {
                    toolRuns[rows].Add(run);
                    measured.Add(string.Create(CultureInfo.InvariantCulture, $"{StoreToolView.Describe(rows)} {run.PerSecond:N0} rows/s"));
                }
                else
                {
                    cannotRun.Add(rows);
                }
            }

            console.WriteLine($"  turn {index + 1} of {turns}: {string.Join("; ", measured)}");
        }

        return [.. RowKinds.Where(rows => toolRuns[rows].Count == ceilingRates.Count).Select(rows =>
        {
            var runs = toolRuns[rows];
            var rates = runs.Select(r => r.PerSecond).ToArray();
            var median = rates.Order().ElementAt(rates.Length / 2);
            var summary = new StoreToolInsertRate(runs[0].Tool, runs.Sum(r => r.Inserts), median, runs[0].CommandLine);
            return new StoreToolComparison(cell.NumberOfEvents, cell.Committers, summary, cell.Durability, rows,
                new StoreToolTurns(ceiling, turn.WindowSeconds, ceilingRates, rates));
        })];
    }
}
