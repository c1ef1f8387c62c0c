using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Strategies;

namespace EventCommitLab.Harness.Sweep;

/// <summary>
/// Which strategies a sweep follows when --strategies does not say: the one the latest main run's verdict recommends
/// for the sweep's cell (unique numbers), the two that stood nearest to it there, and the event store's current
/// implementation, for scale.
/// </summary>
internal static class SweepChoice
{
    public const int Nearest = 2;

    /// <summary>The strategies and the run folder they were read from.</summary>
    /// <exception cref="ArgumentException">No run under <paramref name="resultsRoot"/> has a verdict for the cell; the message says how to name the strategies.</exception>
    public static (IReadOnlyList<StrategyRegistration> Strategies, string From) FromLatestVerdict(CellKey cell, string resultsRoot)
    {
        ArgumentNullException.ThrowIfNull(cell);
        var runs = Directory.Exists(resultsRoot)
            ? Directory.GetDirectories(resultsRoot).Where(d => File.Exists(Path.Combine(d, RunRecord.FileName)))
            : [];
        var latest = runs
            .Select(folder => (Folder: folder, Record: TryRead(folder)))
            .Where(r => r.Record?.Verdicts?.Any(v => v.Cell == cell) == true)
            .OrderByDescending(r => r.Record!.Environment.Finished)
            .FirstOrDefault();
        if (latest.Record is null)
        {
            throw new ArgumentException($"sweep: no run under {resultsRoot} has a verdict for {cell}; run the main job first, or name the strategies (--strategies A,B).");
        }

        return (Choose(latest.Record, cell), Path.GetFileName(latest.Folder));
    }

    /// <summary>The recommended strategy of the cell's verdict, the nearest that stood behind it, and the baseline.</summary>
    public static IReadOnlyList<StrategyRegistration> Choose(RunRecord record, CellKey cell)
    {
        ArgumentNullException.ThrowIfNull(record);
        var verdict = record.Verdicts?.FirstOrDefault(v => v.Cell == cell)?.For(GuaranteeProfile.Unique.Id)
            ?? throw new ArgumentException($"sweep: the run has no verdict for {cell}.");
        var nearest = verdict.Standings
            .Where(s => s.Contender != verdict.Recommended && s.Disqualified is null && s.Exit?.Reason != RaceExitReason.Reference)
            .OrderByDescending(s => s.Ratio?.Estimate ?? 0)
            .Take(Nearest)
            .Select(s => s.Contender);
        return [.. new[] { verdict.Recommended }.Concat(nearest).Append(StrategyCatalog.Baseline).Distinct()
            .Where(name => StrategyCatalog.Names.Contains(name)).Select(StrategyCatalog.Get)];
    }

    private static RunRecord? TryRead(string folder)
    {
        try
        {
            return RunRecord.Read(folder);
        }
        catch (Exception e) when (e is InvalidDataException or IOException)
        {
            return null;
        }
    }
}
