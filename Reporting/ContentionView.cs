using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// The verdict page's contention view: per contended row, what sharing aggregates cost each strategy (conflicts,
/// retries, commands given up, work wasted, batch sizes, latency with its retries) beside the same strategy in the
/// row of the same size with one aggregate per committer.
/// </summary>
internal static class ContentionView
{
    public const string Heading = "## Contention: commands on shared aggregates";

    /// <summary>The start of a contended row's heading when its command modes are shown side by side.</summary>
    public const string ModesHeading = "### Command modes";

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The section, or nothing when the run has no contended row.</summary>
    public static string Write(RunRecord record)
    {
        ArgumentNullException.ThrowIfNull(record);
        var contended = record.Cases.Where(c => c.Cell.Aggregates is not null && !c.IsCeiling).GroupBy(c => c.Cell).OrderBy(g => g.Key.Method).ThenBy(g => g.Key.Committers).ThenBy(g => g.Key.Commands).ToArray();
        if (contended.Length == 0)
        {
            return "";
        }

        var m = record.Environment.Measurement;
        var md = new StringBuilder();
        md.AppendLine(Heading).AppendLine();
        var drawn = m.Skew is { } skew and > 0 ? string.Create(Invariant, $"by Zipf's law with exponent {skew:0.##}") : "uniformly";
        var retries = m.ConflictRetries?.ToString(Invariant) ?? "?";
        md.AppendLine(
            $"Each command draws its aggregate (a conditional command: its aggregate's tag) from the row's, {drawn}. " +
            "A commit that conflicts is answered as an application does: it learns the aggregate's version (from the conflict's answer, which the store read when the check failed; from the store where an answer lacks it; a conditional command reads the log's head) and the command is tried again, " +
            $"up to {retries} times, then given up. Events/s counts acknowledged commands only; latency runs from the command's start to its acknowledgement, retries included. " +
            "*Alone*: the same strategy in the row of the same size with one aggregate per committer (another cell: not paired). " +
            "*Wasted*: events handed to the store in attempts that conflicted, per event kept. *Versions checked*: acknowledged aggregate commits the verifier held to the version they expected (none shared, each the one before its first event).");
        md.AppendLine();
        if (contended.Any(g => g.Key.Commands != CommandMode.Optimistic))
        {
            md.AppendLine(
                "That is the *optimistic* mode: stateless callers racing for the aggregates. In the *owned* mode one owner per aggregate in the process takes its commands one at a time, " +
                "each decided on the version the last produced (an actor per aggregate, as Akka.Persistence and Orleans run them), so nothing in the process conflicts and commands queue at their owner instead; " +
                "in the *pipelined* mode the owner hands its next commit to the strategy before the last is acknowledged (Akka's `PersistAsync`), which only a strategy that writes one aggregate's commits in the order it was handed them keeps without conflicts. " +
                "A strategy handed whole groups (the simulated batcher) gets a group's commands in turns in which each aggregate appears once, in both owner modes. " +
                "Owners hold within one writer process: two processes commanding the same aggregates conflict again, and take the optimistic mode's answer.");
            md.AppendLine();
            foreach (var row in contended.GroupBy(g => g.Key with { Commands = CommandMode.Optimistic }).Where(r => r.Count() > 1))
            {
                WriteModes(md, row.Key, [.. row.SelectMany(g => g)]);
            }
        }

        foreach (var row in contended)
        {
            var cell = row.Key;
            md.AppendLine(Invariant, $"### {Title(cell)}").AppendLine();
            var table = new MarkdownTable().Left("Strategy")
                .Right("Events/s [95%]", "Alone", "Conflicts / commit", "Retries / commit", "Given up", "Wasted", "Commits per batch (alone)", $"{LatencyText.Header} ms (alone)", "Versions checked");
            foreach (var c in row.OrderByDescending(c => c.Race.EventsPerSecond?.Estimate ?? -1))
            {
                var alone = record.Cases.FirstOrDefault(x => x.Cell == cell with { Aggregates = null, Commands = CommandMode.Optimistic } && x.Contender == c.Contender);
                if (c.Failure is not null || c.Contention is not { } k)
                {
                    table.Row($"{c.Contender}", $"failed: {c.Failure ?? "no figures"}", $"{VerdictText.Rate(alone?.Race.EventsPerSecond)}", $"-", $"-", $"-", $"-", $"-", $"-", $"-");
                    continue;
                }

                table.Row(
                    $"{c.Contender}", $"{VerdictText.Rate(c.Race.EventsPerSecond)}", $"{VerdictText.Rate(alone?.Race.EventsPerSecond)}", $"{k.ConflictsPerCommit:0.00}", $"{k.RetriesPerCommit:0.00}",
                    $"{k.GivenUp:N0} of {k.Committed + k.GivenUp:N0}", $"{k.WastedPerCommittedEvent:0.00}", $"{Batch(c.Writes.Batches)} ({Batch(alone?.Writes.Batches)})",
                    $"{LatencyText.Of(c.Writes.CommitLatency ?? c.Writes.GroupLatency)} ({LatencyText.Of(alone?.Writes.CommitLatency ?? alone?.Writes.GroupLatency)})", $"{Checked(c)}");
            }

            table.WriteTo(md).AppendLine();
        }

        return md.ToString();
    }

    /// <summary>One contended row's strategies in each command mode, side by side: events/s, commands given up, conflicts, tail latency.</summary>
    private static void WriteModes(StringBuilder md, CellKey row, IReadOnlyList<CaseResult> cases)
    {
        var modes = cases.Select(c => c.Cell.Commands).Distinct().Order().ToArray();
        md.AppendLine(Invariant, $"{ModesHeading}: {Title(row)}").AppendLine();
        var names = modes.Select(m => m.ToString().ToLowerInvariant()).ToArray();
        var table = new MarkdownTable().Left("Strategy")
            .Right([.. names.Select(n => $"Events/s, {n}"), $"Given up ({string.Join(" / ", names)})", $"Conflicts / commit ({string.Join(" / ", names)})", $"p99 ms ({string.Join(" / ", names)})"]);
        foreach (var strategy in cases.GroupBy(c => c.Contender).OrderByDescending(g => g.Max(c => c.Race.EventsPerSecond?.Estimate ?? -1)))
        {
            var byMode = modes.Select(m => strategy.FirstOrDefault(c => c.Cell.Commands == m)).ToArray();
            table.Row([
                $"{strategy.Key}",
                .. byMode.Select(c => (FormattableString)$"{(c is null ? "-" : c.Failure is not null ? "failed" : VerdictText.Rate(c.Race.EventsPerSecond))}"),
                $"{string.Join(" / ", byMode.Select(c => c?.Contention is { } k ? k.GivenUp.ToString("N0", Invariant) : "-"))}",
                $"{string.Join(" / ", byMode.Select(c => c?.Contention is { } k ? k.ConflictsPerCommit.ToString("0.00", Invariant) : "-"))}",
                $"{string.Join(" / ", byMode.Select(c => (c?.Writes.CommitLatency ?? c?.Writes.GroupLatency) is { } l ? l.P99Ms.ToString("0.#", Invariant) : "-"))}",
            ]);
        }

        table.WriteTo(md).AppendLine();
        if (Reading(cases, modes) is { } reading)
        {
            md.AppendLine(reading).AppendLine();
        }
    }

    /// <summary>
    /// What the row answers, from each mode's leader (the strategy the race put first): how many times the optimistic
    /// leader's events/s each owner mode's leader carries, and the commands each gave up. Nothing when a mode lacks a leader.
    /// </summary>
    private static string? Reading(IReadOnlyList<CaseResult> cases, IReadOnlyList<CommandMode> modes)
    {
        var leaders = modes.Select(m => cases.FirstOrDefault(c => c.Cell.Commands == m && c.Race.IsBest)).ToArray();
        if (leaders.Length < 2 || leaders[0] is not { Race.EventsPerSecond: { } baseline } optimistic || leaders.Any(l => l?.Race.EventsPerSecond is null))
        {
            return null;
        }

        string Given(CaseResult c) => c.Contention is { } k ? string.Create(Invariant, $"{k.GivenUp:N0} commands given up") : "";
        var others = leaders.Skip(1).Select(l => string.Create(Invariant,
            $"{l!.Cell.Commands.ToString().ToLowerInvariant()}, {l.Contender} carries {l.Race.EventsPerSecond!.Estimate / baseline.Estimate:0.0} times its events/s with {Given(l)}"));
        return string.Create(Invariant,
            $"**Reading**: the optimistic leader is {optimistic.Contender} ({Given(optimistic)}); {string.Join("; ", others)}. Whether owners fit depends on the application: they need every command of an aggregate routed to one process.");
    }

    private static string Title(CellKey cell) =>
        $"{(cell.Load == LoadKind.Waves ? "Waves" : "Sustained load")} · {cell.Method} · {cell.NumberOfEvents} event{(cell.NumberOfEvents == 1 ? "" : "s")} per command, {cell.CommittersLabel}";

    private static string Batch(BatchSizeSummary? batches) => batches is null ? "-" : batches.MeanCommits.ToString("0.0", Invariant);

    private static string Checked(CaseResult c) => c.Cell.Method != BenchmarkMethod.CommitAggregateEvents
        ? "-"
        : c.Verification is { Checked: VerificationKind.Verifier } v
            ? string.Create(Invariant, $"{v.AggregateCommitsChecked:N0}{(v.Passed ? "" : ", **FAILED**")}")
            : "not checked";
}
