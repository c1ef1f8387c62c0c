using System.Globalization;
using System.Text;
using EventCommitLab.Engine.Results;
using EventCommitLab.Reporting;

namespace EventCommitLab.Harness.Pipeline;

/// <summary>The pipeline suite's goals table: each goal's ratio with its interval, the target and the verdict.</summary>
public static class PipelineGoalsWriter
{
    public const string FileName = "goals.md";

    public static string Write(RunRecord run, IReadOnlyList<PipelineGoal> goals)
    {
        ArgumentNullException.ThrowIfNull(run);
        ArgumentNullException.ThrowIfNull(goals);
        var md = new StringBuilder();
        var environment = run.Environment;
        md.AppendLine("# Group-commit goals");
        md.AppendLine();
        md.AppendLine(CultureInfo.InvariantCulture, $"Run of {environment.Started:yyyy-MM-dd HH:mm} on {environment.Cpu} ({environment.Cores} cores), {environment.Store}; source {environment.GitCommit ?? "unknown"}.");
        md.AppendLine(CultureInfo.InvariantCulture, $"Command: `{environment.CommandLine}`. Tables and charts of every cell: [details.md](details.md), verdicts: [verdict.md](verdict.md).");
        md.AppendLine();
        md.AppendLine("A goal is **met** when the ratio's whole interval is on the target's side, **not met** when the whole of it is on the other,");
        md.AppendLine("and **undecided** when it straddles the target. Ratios of two contenders of one cell are paired round by round;");
        md.AppendLine("ratios across two cells take [low / high, high / low] of the two medians' intervals, which is wider.");
        md.AppendLine();
        var table = new MarkdownTable().Left("goal", "strategy").Right("ratio").Left("interval", "target", "verdict", "note");
        foreach (var goal in goals)
        {
            table.Row(
                $"{goal.Id}: {goal.Description}", $"{goal.Strategy}", $"{Ratio(goal.Ratio)}", $"{Bounds(goal.Ratio)}", $"{(goal.AtLeast ? ">=" : "<=")} {goal.Target:0.##}",
                $"{Verdict(goal.Verdict)}", $"{goal.Note}");
        }

        table.WriteTo(md).AppendLine();
        foreach (var strategy in goals.Select(g => g.Strategy).Distinct())
        {
            var own = goals.Where(g => g.Strategy == strategy).ToArray();
            md.AppendLine(CultureInfo.InvariantCulture,
                $"- {strategy}: {own.Count(g => g.Verdict == GoalVerdict.Met)} met, {own.Count(g => g.Verdict == GoalVerdict.MetByEstimateOnly)} met by the estimate only, " +
                $"{own.Count(g => g.Verdict == GoalVerdict.Undecided)} undecided, {own.Count(g => g.Verdict == GoalVerdict.NotMet)} not met, {own.Count(g => g.Verdict == GoalVerdict.NotMetByEstimateOnly)} not met by the estimate only, {own.Count(g => g.Verdict == GoalVerdict.NotMeasured)} not measured, of {own.Length}.");
        }

        return md.ToString();
    }

    private static string Ratio(Interval? ratio) => ratio is null ? "-" : string.Create(CultureInfo.InvariantCulture, $"{ratio.Estimate:0.###}");

    private static string Bounds(Interval? ratio) =>
        ratio is { HasBounds: true } r ? string.Create(CultureInfo.InvariantCulture, $"{r.Lower:0.###} to {r.Upper:0.###} ({r.Samples} rounds)") : "none";

    internal static string Verdict(GoalVerdict verdict) => verdict switch
    {
        GoalVerdict.Met => "**met**",
        GoalVerdict.NotMet => "**not met**",
        GoalVerdict.Undecided => "undecided",
        GoalVerdict.MetByEstimateOnly => "met by the estimate (no interval)",
        GoalVerdict.NotMetByEstimateOnly => "not met by the estimate (no interval)",
        _ => "not measured",
    };
}
