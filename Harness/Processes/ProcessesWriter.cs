using System.Globalization;
using System.Text;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Processes;

/// <summary>
/// The processes page: per strategy, each command mode in one process and split over several, side by side, with the
/// split layout's rate as a fraction of one process's in the same rounds and what the conflicts cost.
/// </summary>
internal static class ProcessesWriter
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(ProcessesRun run)
    {
        ArgumentNullException.ThrowIfNull(run);
        var md = new StringBuilder();
        run.Environment.AppendHeader(md, "hot aggregates shared by writer processes", "suite processes", "Load",
            string.Create(Invariant, $"{run.Committers} committers on {run.Aggregates} aggregates, one event per command (and, where a row says *plain*, plain commits of each committer's own), in one process and split evenly over several; {run.RampSeconds:0.#} s ramp, {run.WindowSeconds:0.#} s measured window per round, the layouts taking turns"));
        md.AppendLine("Each layout's writer processes start together and command the same aggregates through the same seconds. In the owner modes a process owns every aggregate for its own committers only, so commands of two processes conflict as optimistic ones do; how often, and what it costs, is the question. Plain commits share only the log and its counter: what a strategy that numbers in the process meets from another process.").AppendLine();
        md.AppendLine("*Events/s*: median of the rounds [lowest–highest]. *Of one process*: each round's rate over the one-process layout's in the same round and mode, median [lowest–highest]. *Conflicts*: per acknowledged command. *Retries*: commands tried again after a conflict. *Deadlocks*: broken by the store (each by failing one transaction, which the strategy writes again) in all rounds, from the writers' start to their end, as the store's statistics count them. *Strategy's retries*: what the strategy itself wrote again in the windows (a numbered batch the store refused because another writer moved the counter, then numbered by the store; a transient failure). - where not counted.").AppendLine();
        foreach (var strategy in run.Cases.GroupBy(c => c.Strategy))
        {
            md.AppendLine(Invariant, $"## {strategy.Key}").AppendLine();
            var table = new MarkdownTable().Left("Mode", "Processes x committers").Right("Events/s", "Of one process", "Conflicts", "Retries", "Given up", "Deadlocks", "Strategy's retries").Left("Rounds");
            foreach (var (mode, layout) in strategy.GroupBy(c => c.Workload).SelectMany(m => m.OrderBy(c => c.Processes).Select(c => (m, c))))
            {
                var single = mode.FirstOrDefault(c => c.Processes == 1);
                var total = layout.Total;
                table.Row(
                    $"{layout.Workload}", $"{layout.Processes} x {layout.CommittersEach}", $"{Spread(layout.Rounds.Select(r => r.EventsPerSecond), "N0")}",
                    $"{(single is null || single == layout ? "-" : Spread(Paired(layout, single), "0.00"))}", $"{total.Conflicts / (double)Math.Max(total.Commits, 1):0.00}",
                    $"{total.Retries:N0}", $"{total.GivenUp:N0}", $"{Count(total.Deadlocks)}", $"{Count(total.StrategyRetries)}", $"{layout.Rounds.Count}{(layout.Failure is null ? "" : $" (then failed: {layout.Failure})")}");
            }

            table.WriteTo(md);
            md.AppendLine();
            if (run.Checks.TryGetValue(strategy.Key, out var check))
            {
                var found = check.Passed
                    ? check.Aggregates == 0 ? "every sequence number once." : "every aggregate's versions 1, 2, 3, ... once each, every sequence number once."
                    : string.Create(Invariant, $"**{check.BrokenAggregates} aggregates with versions skipped, repeated or not from 1, {check.RepeatedNumbers} sequence numbers held twice**.");
                md.AppendLine(Invariant, $"**Log read back** after its rounds: {check.Aggregates:N0} aggregates, {check.Events:N0} events; {found}").AppendLine();
            }

            foreach (var line in Readings(strategy))
            {
                md.AppendLine(line);
            }

            md.AppendLine();
        }

        md.AppendLine("What is not checked: no ledger crosses the processes, so the log is held to what any writer must leave (versions and numbers), not to what each caller was told; the faults suite's writer-process case checks that, streaming every commit to its parent.");
        return md.ToString();
    }

    /// <summary>Per mode with a split layout, one computed sentence: its rate against one process's and its conflicts.</summary>
    private static IEnumerable<string> Readings(IEnumerable<ProcessesCase> strategy)
    {
        foreach (var mode in strategy.GroupBy(c => c.Workload))
        {
            var single = mode.FirstOrDefault(c => c.Processes == 1);
            foreach (var split in mode.Where(c => c.Processes > 1 && single is not null && c.Rounds.Count > 0))
            {
                var ratios = Paired(split, single!).Order().ToArray();
                yield return string.Create(Invariant,
                    $"- **{mode.Key}, {split.Processes} processes**: {Median(ratios):0.00} of one process's events/s; " +
                    $"{split.Total.Conflicts / (double)Math.Max(split.Total.Commits, 1):0.00} conflicts per command against {single!.Total.Conflicts / (double)Math.Max(single.Total.Commits, 1):0.00} in one process, {split.Total.GivenUp:N0} commands given up{(split.Total.Deadlocks is { } deadlocks ? $", {deadlocks:N0} deadlocks broken by the store against {single.Total.Deadlocks?.ToString("N0", Invariant) ?? "uncounted"} in one process" : "")}.");
            }
        }
    }

    private static string Count(long? count) => count is { } value ? value.ToString("N0", Invariant) : "-";

    private static IEnumerable<double> Paired(ProcessesCase layout, ProcessesCase single) =>
        layout.Rounds.Zip(single.Rounds, (split, one) => (Split: split.EventsPerSecond, One: one.EventsPerSecond)).Where(p => p.One > 0).Select(p => p.Split / p.One);

    private static string Spread(IEnumerable<double> values, string format)
    {
        var sorted = values.Order().ToArray();
        return sorted.Length == 0 ? "-"
            : sorted.Length == 1 ? sorted[0].ToString(format, Invariant)
            : string.Create(Invariant, $"{Median(sorted).ToString(format, Invariant)} [{sorted[0].ToString(format, Invariant)}–{sorted[^1].ToString(format, Invariant)}]");
    }

    private static double Median(IReadOnlyList<double> sorted) =>
        sorted.Count == 0 ? double.NaN : sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
}
