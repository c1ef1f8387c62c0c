using System.Text;
using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;

namespace EventCommitLab.Reporting;

/// <summary>
/// details.md's account of where each cell's time went: its share of the budget, its mandatory part (starts, the
/// qualifying round, the rounds to the first look, the checks) and the racing beyond it that decides the close calls,
/// so that a run short of decisions shows whether racing or the mandatory parts took its budget.
/// </summary>
internal static class CellTimeSection
{
    public static void Write(StringBuilder md, IReadOnlyList<CellVerdict> verdicts)
    {
        var timed = verdicts.Where(v => v.Time is not null).ToArray();
        if (timed.Length == 0)
        {
            return;
        }

        var starts = timed.Sum(v => v.Time!.StartsSeconds);
        var qualifying = timed.Sum(v => v.Time!.QualifyingSeconds);
        var firstLooks = timed.Sum(v => v.Time!.FirstLookSeconds ?? 0);
        var racing = timed.Sum(v => v.Time!.RacingSeconds) - firstLooks;
        var checks = timed.Sum(v => v.Time!.ChecksSeconds);
        var mandatory = timed.Sum(v => v.Time!.MandatorySeconds);
        var total = mandatory + racing;
        var kept = timed.All(v => v.Time!.FirstLookSeconds is not null);
        md.AppendLine("## Where the cells' time went").AppendLine();
        md.AppendLine(kept
            ? FormattableString.Invariant(
                $"Over {timed.Length} cells, {total / 60:0.0} min: racing beyond the first looks {racing / 60:0.0} min ({Share(racing, total)}); the mandatory parts every cell pays whatever its race {mandatory / 60:0.0} min ({Share(mandatory, total)}): every contender's start with its warm-up {starts / 60:0.0} min, the qualifying round {qualifying / 60:0.0} min, the race rounds to the first look {firstLooks / 60:0.0} min, stopping every contender and reading its log back {checks / 60:0.0} min. A cell's share of the budget is what the plan gave it when it started; its race stops after the first look when the next block of rounds and the checks would not fit in it.")
            : FormattableString.Invariant(
                $"Over {timed.Length} cells, {total / 60:0.0} min: racing {racing / 60:0.0} min ({Share(racing, total)}); starts, qualifying rounds and checks {mandatory / 60:0.0} min ({Share(mandatory, total)}): every contender's start with its warm-up {starts / 60:0.0} min, the qualifying round {qualifying / 60:0.0} min, stopping every contender and reading its log back {checks / 60:0.0} min (this run did not keep what its rounds to the first look took). A cell's share of the budget is what the plan gave it when it started; its race stops after the first look when the next block of rounds and the checks would not fit in it."));
        md.AppendLine();
        var table = new MarkdownTable().Left("Cell").Right("Share of the budget (s)", "Starts (s)", "Qualifying round (s)", "Racing (s)", "Of it, to the first look (s)", "Checks (s)", "Race rounds").Left("Race ended");
        foreach (var v in timed)
        {
            var t = v.Time!;
            table.Row(
                $"{VerdictWriter.Row(v.Cell)}",
                t.AllowanceSeconds is { } allowance ? (FormattableString)$"{allowance:0.0}" : $"none",
                $"{t.StartsSeconds:0.0}", $"{t.QualifyingSeconds:0.0}", $"{t.RacingSeconds:0.0}",
                t.FirstLookSeconds is { } firstLook ? (FormattableString)$"{firstLook:0.0}" : $"-",
                $"{t.ChecksSeconds:0.0}", $"{v.Rounds}",
                $"{RaceEnds.Describe(v.End)}");
        }

        table.WriteTo(md).AppendLine();
    }

    private static string Share(double part, double whole) => whole > 0 ? FormattableString.Invariant($"{part / whole * 100:0}%") : "-";
}
