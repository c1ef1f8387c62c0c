using System.Globalization;
using EventCommitLab.Engine.Results;
using EventCommitLab.SuitePorts.Ceiling;

namespace EventCommitLab.Harness.Runs;

/// <summary>
/// The store's own tool writing the ceiling's rows, after the cells are raced: which cells, how long, and both ways of
/// making the rows, so that the ceiling is held against the tool sending what the lab sends and against the tool at its
/// cheapest.
/// </summary>
internal static class StoreToolRuns
{
    /// <summary>How long the tool writes each comparison's rows.</summary>
    private static readonly TimeSpan Run = TimeSpan.FromSeconds(3);

    /// <summary>The payloads sent by the client first: that is the comparison a review reads.</summary>
    private static readonly StoreToolRows[] RowKinds = [StoreToolRows.SentByClient, StoreToolRows.BuiltOnServer];

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
        return cells.Count * RowKinds.Length * (Run + TimeSpan.FromSeconds(1));
    }

    /// <summary>Runs the tool on each cell's rows both ways; a way the tool cannot run is left out.</summary>
    public static async Task<IReadOnlyList<StoreToolComparison>> MeasureAsync(
        IStoreToolEventInserts tool, IReadOnlyList<CellKey> cells, int payloadBytes, TextWriter console, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(tool);
        ArgumentNullException.ThrowIfNull(cells);
        ArgumentNullException.ThrowIfNull(console);
        var comparisons = new List<StoreToolComparison>();
        foreach (var cell in cells)
        {
            foreach (var rows in RowKinds)
            {
                console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"The store's own tool on the ceiling's rows ({Describe(rows)}): {cell.NumberOfEvents} events per statement, {cell.Committers} clients, {Run.TotalSeconds:0} s"));
                if (await tool.MeasureEventInsertsWithStoreToolAsync(cell.NumberOfEvents, cell.Committers, payloadBytes, rows, Run, cancellationToken).ConfigureAwait(false) is { } rate)
                {
                    comparisons.Add(new StoreToolComparison(cell.NumberOfEvents, cell.Committers, rate, cell.Durability, rows));
                }
            }
        }

        return comparisons;
    }

    private static string Describe(StoreToolRows rows) => rows == StoreToolRows.SentByClient ? "payloads sent by the client" : "rows built on the server";
}
