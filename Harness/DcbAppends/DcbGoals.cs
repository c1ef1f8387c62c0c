using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Harness.Pipeline;

namespace EventCommitLab.Harness.DcbAppends;

/// <summary>
/// The issue's two goals, read for every appender, size and append size at the suite's most clients: the conditional
/// rate over the unconditional one (paired by round: both ran in the same round, one after the other), and the
/// conditional events/s at the most clients over those at one client (different cells: a ratio of medians whose interval
/// is the ratio of the opposite bounds).
/// </summary>
public static class DcbGoals
{
    public const double ConditionKeeps = 0.9;
    public const double ScalesBy = 20;

    public static IReadOnlyList<PipelineGoal> Evaluate(IReadOnlyList<DcbCellResult> cells, DcbSuiteSettings settings)
    {
        ArgumentNullException.ThrowIfNull(cells);
        ArgumentNullException.ThrowIfNull(settings);
        var most = settings.Clients.Max();
        var least = settings.Clients.Min();
        var goals = new List<PipelineGoal>();
        foreach (var size in settings.Sizes)
        {
            foreach (var events in settings.EventsPerAppend)
            {
                foreach (var appender in settings.Appenders)
                {
                    DcbCellResult? Cell(DcbWorkload workload, int clients) =>
                        cells.FirstOrDefault(c => c.Size == size.Name && c.EventsPerAppend == events && c.Appender == appender && c.Workload == workload && c.Clients == clients);
                    var plain = Cell(DcbWorkload.Append, most);
                    var conditional = Cell(DcbWorkload.AppendIf, most);
                    var alone = Cell(DcbWorkload.AppendIf, least);
                    var where = $"{size.Name}, {events} event{(events == 1 ? "" : "s")} per append";
                    goals.Add(new PipelineGoal("C1", appender, $"AppendIf / Append at {most} clients ({where})",
                        plain is null || conditional is null ? null : RoundStatistics.PairedRatio(conditional.OperationsPerSecondByRound, plain.OperationsPerSecondByRound),
                        ConditionKeeps, true, "paired by round"));
                    goals.Add(new PipelineGoal("C2", appender, $"AppendIf events/s at {most} clients / at {least} ({where})",
                        conditional is null || alone is null ? null : RatioOfMedians(conditional.EventsPerSecond, alone.EventsPerSecond),
                        ScalesBy, true, "ratio of medians; interval from the opposite bounds"));
                }
            }
        }

        return goals;
    }

    /// <summary>a / b, bounded by the ratios of the opposite ends of their intervals (no bounds when either has none).</summary>
    public static Interval RatioOfMedians(Interval a, Interval b)
    {
        ArgumentNullException.ThrowIfNull(a);
        ArgumentNullException.ThrowIfNull(b);
        return a is { Lower: { } aLow, Upper: { } aHigh } && b is { Lower: > 0, Upper: > 0 }
            ? new Interval(a.Estimate / b.Estimate, aLow / b.Upper!.Value, aHigh / b.Lower!.Value, Math.Min(a.Samples, b.Samples))
            : new Interval(a.Estimate / b.Estimate, null, null, Math.Min(a.Samples, b.Samples));
    }
}
