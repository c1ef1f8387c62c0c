using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Pipeline;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Journal;

/// <summary>The journal run's summary.md, laid out like the original table: rows are tests, columns are contenders.</summary>
public static class JournalSummaryWriter
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Write(JournalSuiteResult run)
    {
        ArgumentNullException.ThrowIfNull(run);
        var md = new StringBuilder();
        var s = run.Settings;
        run.Environment.AppendHeader(md, "the Akka.NET journal benchmark (`suite journal`)", "suite journal", "Shape",
            string.Create(Invariant, $"{s.Messages:N0} messages per actor for Persist* and per recovered stream (the groups: min(messages / k, cap) each, as the original); ") +
            (run.Race is null
                ? string.Create(Invariant, $"{s.Warmups} warm-up and {s.Rounds} measured iterations per workload, every contender once per iteration in rotated order, a checkpoint before each; ")
                : string.Create(Invariant, $"per workload {s.Warmups} warm-up iteration{(s.Warmups == 1 ? "" : "s")} (the last the race's qualifying round) and at most {s.Rounds} race rounds, a checkpoint before each turn; ")) +
            string.Create(Invariant, $"an iteration past {s.IterationLimit.TotalSeconds:0} s ends the contender's workload"));
        md.AppendLine(Invariant, $"**Akka.Persistence.Sql**: {run.Peer}; the same server, database of its own, same durability.").AppendLine();
        if (run.Race is { } race)
        {
            SuiteRaceText.AppendHowItDecides(md, race, "workload", "msg/s");
        }

        md.AppendLine(Invariant,
            $"Each figure is **msg/s**: the median over the {(run.Race is null ? "measured iterations" : "race rounds it ran")} of messages / the iteration's time, after dropping iterations whose z-score exceeds {JournalStatistics.ZScoreLimit:0} ").AppendLine(
            "(the original's outlier rejection; it averaged), with the median's 95% interval (Harrell-Davis, Maritz-Jarrett) below it. " +
            "Group rows count every actor's messages. ").AppendLine(
            $"The last two columns quote {OriginalJournalFigures.Source}: Akka.Persistence.Sql in the peer's TagTable mode and the older Akka.Persistence.PostgreSql journal, " +
            "10 000 messages on a 12-core machine: for the shape of each curve only, never as a figure to hold ours against.").AppendLine();
        var raced = run.Verdicts is not null;
        var table = new MarkdownTable().Left("Test").Right("Messages");
        if (raced)
        {
            table.Left("Verdict");
        }

        table.Right([.. run.Contenders, "Original: Akka.Persistence.Sql (PG 15)", "Original: Akka.Persistence.PostgreSql (PG 15)"]);
        foreach (var workload in run.Workloads)
        {
            FormattableString?[] verdict = raced ? [$"{SuiteRaceText.Verdict(run.Verdict(workload.Name)?.Race)}"] : [];
            table.Row([
                $"{workload.Name}", $"{workload.Actors} x {workload.MessagesPerActor:N0}", .. verdict,
                .. run.Contenders.Select(contender => (FormattableString)$"{Figure(run.Cell(workload.Name, contender))}"),
                $"{workload.Original.SqlTagTable:N0}", $"{workload.Original.PostgreSqlPlugin:N0}"]);
        }

        table.WriteTo(md);

        md.AppendLine();
        md.AppendLine("Recovery reads the same rows whatever strategy wrote them: the lab's recovery rows have one column, the log read by stream " +
            "(an index on stream and position, made on every fresh log before its first write, so every strategy's writes here pay for it as Akka's journal pays for its key).").AppendLine();
        AppendGoals(md, run.Goals, run.Race is null ? "per-iteration" : "per-round");
        AppendChecks(md, run);
        md.AppendLine("## How each contender is driven").AppendLine();
        md.AppendLine("- **Akka.Persistence.Sql**: real persistent actors (one per stream) sent all their commands at once, each persisting them with `Persist`, `PersistAll` (groups of 50), " +
            "`PersistAsync` or `PersistAllAsync`; an iteration ends when every actor has handled its last event. Recovery starts a new actor per stream and ends when each has replayed it; " +
            "each actor checks that its events come back in order.");
        md.AppendLine(Invariant,
            $"- **The lab's strategies**: one task per actor, its stream an aggregate whose version is checked on every commit; Persist commits one event and awaits it, PersistAll 50; " +
            $"PersistAsync and PersistAllAsync model Akka's write-behind: the first write goes alone, then up to {StrategyJournalContender.MaxWriteBehind} events (whole groups) per commit, one in flight.");
        md.AppendLine("- **Read back**: after the iterations every stream written (warm-ups included) is read from the database: exactly its events, in order " +
            "(the lab: aggregate versions and payloads 1..n in sequence order; Akka: the journal table's sequence numbers 1..n, its global ordering rising with them).");
        return md.ToString();
    }

    private static string Figure(JournalCell? cell) => cell switch
    {
        null => "",
        { MessagesPerSecond: { } m } => string.Create(Invariant, $"{m.Estimate:N0}<br>{Bounds(m)}{SuiteRaceText.Exit(cell.Exit)}{(cell.Failure is null ? "" : " ⚠")}"),
        _ => "failed",
    };

    private static string Bounds(Interval m) => m.HasBounds ? string.Create(Invariant, $"[{m.Lower:N0}, {m.Upper:N0}]") : string.Create(Invariant, $"({m.Samples} iteration)");

    private static void AppendGoals(StringBuilder md, IReadOnlyList<PipelineGoal> goals, string pairedBy)
    {
        md.AppendLine("## Goals").AppendLine();
        var table = new MarkdownTable().Left("Goal").Right($"Ratio (median of {pairedBy} ratios)").Left("95% interval").Right("Target").Left("Verdict");
        foreach (var goal in goals)
        {
            var ratio = goal.Ratio;
            table.Row(
                $"{goal.Description}", ratio is null ? null : (FormattableString)$"{ratio.Estimate:0.00}", ratio is { HasBounds: true } r ? (FormattableString)$"[{r.Lower:0.00}, {r.Upper:0.00}]" : null,
                $">= {goal.Target:0.#}x", $"{goal.Verdict}");
        }

        table.WriteTo(md);

        md.AppendLine();
    }

    private static void AppendChecks(StringBuilder md, JournalSuiteResult run)
    {
        md.AppendLine("## What was checked, and what failed").AppendLine();
        var broken = run.Cells.Where(c => c.Broken.Count > 0).ToArray();
        var failed = run.Cells.Where(c => c.Failure is not null).ToArray();
        md.AppendLine(Invariant,
            $"{run.Cells.Sum(c => c.StreamsChecked):N0} streams read back over {run.Cells.Count} cells; {(broken.Length == 0 ? "every one exactly its events, in order." : $"**{broken.Length} cells with broken streams** (below).")}");
        md.AppendLine(Invariant, $"Iterations dropped as outliers: {run.Cells.Sum(c => c.Samples.Count - c.Kept.Count)} of {run.Cells.Sum(c => c.Samples.Count)}.").AppendLine();
        if (broken.Length + failed.Length == 0)
        {
            return;
        }

        var table = new MarkdownTable().Left("Test", "Contender", "What happened");
        foreach (var cell in failed)
        {
            table.Row($"{cell.Workload}", $"{cell.Contender}", $"⚠ {cell.Failure} ({cell.Samples.Count} measured iterations completed before)");
        }

        foreach (var cell in broken)
        {
            table.Row($"{cell.Workload}", $"{cell.Contender}", $"BROKEN: {string.Join("; ", cell.Broken.Take(3))}{(cell.Broken.Count > 3 ? $" (+{cell.Broken.Count - 3})" : "")}");
        }

        table.WriteTo(md);

        md.AppendLine();
    }
}
