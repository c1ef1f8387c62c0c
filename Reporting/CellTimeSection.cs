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
        WriteTurns(md, timed);
    }

    /// <summary>Where the turns of each cell (its qualifying and race rounds, every contender's) spent their time.</summary>
    private static void WriteTurns(StringBuilder md, IReadOnlyList<CellVerdict> timed)
    {
        var turned = timed.Where(v => v.Time!.Turns is { Turns: > 0 }).ToArray();
        if (turned.Length == 0)
        {
            return;
        }

        var all = turned.Aggregate(TurnTime.None, (sum, v) => sum.Plus(v.Time!.Turns!));
        md.AppendLine("### Where the turns' time went").AppendLine();
        md.AppendLine(FormattableString.Invariant(
            $"Every contender's qualifying and race rounds, {all.Turns:N0} turns in {all.TotalSeconds / 60:0.0} min: the store settled before each (a CHECKPOINT writing what the turn before dirtied) {all.SettleSeconds / 60:0.0} min ({Share(all.SettleSeconds, all.TotalSeconds)}), the young generations collected {all.CollectSeconds / 60:0.0} min, the load (waves; or a sustained ramp and window, which waits for every committer's acknowledgements) {all.LoadSeconds / 60:0.0} min ({Share(all.LoadSeconds, all.TotalSeconds)}), the commits in flight draining after a sustained window {all.DrainSeconds / 60:0.0} min ({Share(all.DrainSeconds, all.TotalSeconds)}), the readers stopped and the ledger digesting the turn {all.AfterSeconds / 60:0.0} min."));
        md.AppendLine();
        var table = new MarkdownTable().Left("Cell").Right("Turns", "Settle (s)", "Collect (s)", "Load (s)", "Drain (s)", "After (s)", "Per turn (s)");
        foreach (var v in turned)
        {
            var t = v.Time!.Turns!;
            table.Row(
                $"{VerdictWriter.Row(v.Cell)}", $"{t.Turns}", $"{t.SettleSeconds:0.0}", $"{t.CollectSeconds:0.0}", $"{t.LoadSeconds:0.0}", $"{t.DrainSeconds:0.0}",
                $"{t.AfterSeconds:0.0}", $"{t.TotalSeconds / t.Turns:0.00}");
        }

        table.WriteTo(md).AppendLine();
    }

    private static string Share(double part, double whole) => whole > 0 ? FormattableString.Invariant($"{part / whole * 100:0}%") : "-";
}
