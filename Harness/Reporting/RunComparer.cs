using System.Globalization;
using System.Text;

namespace EventCommitLab.Harness.Reporting;

/// <summary>
/// Compares two runs cell by cell: new mean / old mean per strategy, flagged when the difference is larger than the
/// two runs' confidence intervals together (the measured noise), in the manner of the "vs" columns of the
/// Akka.Persistence.Sql benchmark. Below 1 is faster.
/// </summary>
public static class RunComparer
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Compare(RunRecord older, RunRecord newer, string olderName, string newerName)
    {
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        var before = older.Cases.ToDictionary(Key);
        var contenders = newer.Strategies.Select(s => s.Strategy).Concat(older.Strategies.Select(s => s.Strategy))
            .Concat(newer.Cases.Concat(older.Cases).Select(c => c.Contender)).Distinct()
            .OrderBy(c => newer.Cases.Concat(older.Cases).Any(x => x.Contender == c && x.IsCeiling) ? 1 : 0).ToArray();
        var rows = newer.Cases.Concat(older.Cases).Select(c => (c.Method, c.NumberOfEvents, c.ConcurrentBatches)).Distinct()
            .OrderBy(r => r.Method == "CommitEvents" ? 0 : 1).ThenBy(r => r.NumberOfEvents).ThenBy(r => r.ConcurrentBatches).ToArray();
        var after = newer.Cases.ToDictionary(Key);

        var md = new StringBuilder();
        md.AppendLine(Invariant, $"# Mean time per wave, {newerName} vs {olderName}").AppendLine();
        md.AppendLine(Invariant, $"New mean / old mean for each cell; below 1 is faster. **▲ slower** and **▼ faster** mark changes larger than the two runs' 99.9% confidence intervals together; unmarked ratios are within the measured noise.").AppendLine();
        md.AppendLine(Invariant, $"Old: {older.Environment.Cpu}, {older.Environment.Store} ({older.Environment.Job}). New: {newer.Environment.Cpu}, {newer.Environment.Store} ({newer.Environment.Job}).").AppendLine();
        md.AppendLine($"| Method | Events | Concurrent | {string.Join(" | ", contenders)} |");
        md.AppendLine($"| --- | ---: | ---: |{string.Concat(contenders.Select(_ => " ---: |"))}");
        foreach (var row in rows)
        {
            md.Append(Invariant, $"| {row.Method} | {row.NumberOfEvents} | {row.ConcurrentBatches} |");
            foreach (var contender in contenders)
            {
                var key = (row.Method, row.NumberOfEvents, row.ConcurrentBatches, contender);
                md.Append(' ').Append(Cell(before.GetValueOrDefault(key), after.GetValueOrDefault(key))).Append(" |");
            }

            md.AppendLine();
        }

        return md.ToString();
    }

    /// <summary>The ratio text for one cell, e.g. "0.82 **▼ faster**", "1.03", "new only", "failed in new".</summary>
    public static string Cell(CaseResult? older, CaseResult? newer)
    {
        if (older is null || newer is null)
        {
            return older is null ? (newer is null ? "-" : "new only") : "old only";
        }

        if (older.MeanMs is not { } oldMean || newer.MeanMs is not { } newMean)
        {
            return older.MeanMs is null ? (newer.MeanMs is null ? "failed in both" : "failed in old") : "failed in new";
        }

        var ratio = newMean / oldMean;
        var noise = (older.ErrorMs ?? 0) + (newer.ErrorMs ?? 0);
        var flag = Math.Abs(newMean - oldMean) <= noise ? "" : newMean > oldMean ? " **▲ slower**" : " **▼ faster**";
        return string.Create(Invariant, $"{ratio:0.00}{flag}");
    }

    private static (string, int, int, string) Key(CaseResult c) => (c.Method, c.NumberOfEvents, c.ConcurrentBatches, c.Contender);
}
