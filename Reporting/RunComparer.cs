using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// Compares two runs: first their verdicts per guarantee profile, counted on decisions (<see cref="VerdictAgreement"/>),
/// then the reproducibility of the figures (strategy/ceiling ratios agreeing within ±15%), then the ceiling against the
/// store's own tool in both runs (<see cref="StoreToolComparisonSection"/>), then per cell and contender new events/s
/// over old, flagged where the two runs' intervals do not overlap.
/// </summary>
public static class RunComparer
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    public static string Compare(RunRecord older, RunRecord newer, string olderName, string newerName)
    {
        ArgumentNullException.ThrowIfNull(older);
        ArgumentNullException.ThrowIfNull(newer);
        var agreement = RunAgreement.Of(older, newer);
        var md = new StringBuilder();
        md.AppendLine(Invariant, $"# {newerName} against {olderName}").AppendLine();
        md.AppendLine(Invariant, $"Old: {older.Environment.Cpu}, {older.Environment.Store}, source {older.Environment.GitCommit ?? "unknown"}, {older.Environment.Started:yyyy-MM-dd HH:mm}.");
        md.AppendLine(Invariant, $"New: {newer.Environment.Cpu}, {newer.Environment.Store}, source {newer.Environment.GitCommit ?? "unknown"}, {newer.Environment.Started:yyyy-MM-dd HH:mm}.").AppendLine();
        if (older.Environment.Durability != newer.Environment.Durability)
        {
            // Two durabilities are two questions: the comparison then shows how the verdict moves, not whether it reproduces.
            md.AppendLine(Invariant,
                $"**The runs differ in durability** ({older.Environment.Durability} → {newer.Environment.Durability}): where their verdicts differ, the durability may be why; agreement here is not reproducibility.").AppendLine();
        }

        var verdicts = VerdictAgreement.Of(older, newer);
        if (verdicts.Count > 0)
        {
            md.AppendLine("## Verdicts").AppendLine();
            md.AppendLine("Counted on decisions only. A row is **decided** when its race named a winner or a set shown equivalent within the margin; two runs decide the **same** when they choose the same strategy, or decide equivalent sets that each hold the other's choice. Of those, **identical** verdicts have the same kind (winner or set), the same set and the same choice. Rows undecided in both runs agree on nothing and are counted apart. A row **conflicts** when the two runs' findings cannot both hold: one run's choice is separably slower than the other run's choice in the other run, or out of its race against it (left after the qualifying round, behind, or with a broken claim), and the choosing run's own interval for the same pair lies apart from that one, or shows the pair within the margin where the other shows it more than the margin apart, or separates it the other way; whether or not the choosing run decided. A pair shown within the margin (or left undecided) in one run and separably, but not more than the margin, apart in the other is **separated in one run only**: the runs choose apart there, and nothing they found contradicts.").AppendLine();
            foreach (var v in verdicts)
            {
                md.AppendLine(Invariant,
                    $"- **{Engine.Racing.GuaranteeProfile.Get(v.Profile).Title}**, {v.Rows.Count} rows: decided in both **{v.DecidedInBoth}** ({Share(v.Rows.Count == 0 ? null : (double)v.DecidedInBoth / v.Rows.Count)}), of which the same decision **{v.DecidedTheSame} of {v.DecidedInBoth}** ({Share(v.SameShare)}), identical (the same kind, set and choice) **{v.Identical}** ({Share(v.DecidedInBoth == 0 ? null : (double)v.Identical / v.DecidedInBoth)}), the same choice {v.SameChoice}; decided in one only {v.DecidedInOlderOnly + v.DecidedInNewerOnly} (old only {v.DecidedInOlderOnly}, new only {v.DecidedInNewerOnly}); undecided in both {v.UndecidedInBoth}; **{v.Conflicts.Count} conflicts**; separated in one run only {v.SeparatedInOneRun.Count}; **a run's choice separably slower in the other run: {v.ChoiceLostInOther}** (decided or not, conflicts included)" +
                    $"{(v.OnlyInOlder + v.OnlyInNewer == 0 ? "" : $" (rows in one run's grid only, not compared: old {v.OnlyInOlder}, new {v.OnlyInNewer})")}.");
            }

            md.AppendLine();
            var differences = verdicts.SelectMany(v => v.Differences).ToArray();
            if (differences.Length > 0)
            {
                var table = new MarkdownTable().Left("Profile", "Load", "Method").Right("Events", "Concurrent").Left("Old verdict", "New verdict", "Rows stand", "Conflict");
                foreach (var d in differences)
                {
                    table.Row(
                        $"{Engine.Racing.GuaranteeProfile.Get(d.Profile).Title}", $"{d.Cell.Load.ToString().ToLowerInvariant()}", $"{d.Cell.Method}", $"{d.Cell.NumberOfEvents}", $"{d.Cell.CommittersLabel}",
                        $"{d.Older}", $"{d.Newer}", $"{VerdictDifferenceText.Of(d.Kind)}", $"{(d.Conflict is { } conflict ? $"**yes**: {conflict}" : d.SeparatedInOneRun is { } separated ? $"no, separated in one run only: {separated}" : "no")}");
                }

                table.WriteTo(md).AppendLine();
            }
        }

        md.AppendLine("## Agreement of the figures").AppendLine();
        md.AppendLine(Invariant, $"- Strategy/ceiling ratios within ±{RunAgreement.Tolerance * 100:0}% of each other: **{agreement.RatiosAgreeing} of {agreement.RatiosCompared}** ({Share(agreement.RatioShare)}).");
        md.AppendLine(Invariant, $"  Of contenders measured in every round in both runs (not stopped early): {agreement.FullRatiosAgreeing} of {agreement.FullRatiosCompared} ({Share(agreement.FullRatioShare)}).");
        md.AppendLine();
        StoreToolComparisonSection.Write(md, older, newer);
        var contenders = newer.Cases.Concat(older.Cases).OrderBy(c => c.IsCeiling ? 1 : 0).Select(c => c.Contender).Distinct().ToArray();
        var before = older.Cases.ToDictionary(c => (c.Cell, c.Contender));
        var after = newer.Cases.ToDictionary(c => (c.Cell, c.Contender));
        md.AppendLine("## Events per second, new / old").AppendLine();
        md.AppendLine("Above 1 is faster. **▲ faster** and **▼ slower** mark changes where the two runs' 95% intervals do not overlap; unmarked ratios are within the measured noise.").AppendLine();
        var ratios = new MarkdownTable().Left("Load", "Method").Right(["Events", "Concurrent", .. contenders]);
        foreach (var cell in before.Keys.Concat(after.Keys).Select(k => k.Cell).Distinct()
                     .OrderBy(r => r.Load).ThenBy(r => r.Method).ThenBy(r => r.NumberOfEvents).ThenBy(r => r.Committers).ThenByDescending(r => r.Aggregates ?? int.MaxValue).ThenBy(r => r.Commands).ThenBy(r => r.Durability, StringComparer.Ordinal))
        {
            ratios.Row([
                $"{cell.Load.ToString().ToLowerInvariant()}", $"{cell.Method}", $"{cell.NumberOfEvents}", $"{cell.CommittersLabel}",
                .. contenders.Select(contender => (FormattableString)$"{Cell(before.GetValueOrDefault((cell, contender)), after.GetValueOrDefault((cell, contender)))}")]);
        }

        return ratios.WriteTo(md).ToString();
    }

    /// <summary>The ratio text for one cell, e.g. "1.22 **▲ faster**", "0.97", "new only", "failed in new".</summary>
    public static string Cell(CaseResult? older, CaseResult? newer)
    {
        if (older is null || newer is null)
        {
            return older is null ? (newer is null ? "-" : "new only") : "old only";
        }

        if (older.Race.EventsPerSecond is not { } o || newer.Race.EventsPerSecond is not { } n)
        {
            return older.Race.EventsPerSecond is null ? (newer.Race.EventsPerSecond is null ? "failed in both" : "failed in old") : "failed in new";
        }

        var ratio = n.Estimate / o.Estimate;
        var flag = !o.HasBounds || !n.HasBounds ? ""
            : n.Lower > o.Upper ? " **▲ faster**"
            : n.Upper < o.Lower ? " **▼ slower**"
            : "";
        return string.Create(Invariant, $"{ratio:0.00}{flag}");
    }

    private static string Share(double? share) => share is { } s ? ShareText.Of(s) : "-";
}
