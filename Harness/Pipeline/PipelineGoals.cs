using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Implementations;

namespace EventCommitLab.Harness.Pipeline;

/// <summary>
/// The cells the group commit's goals are read in, and the goals read from a run of them, for each pipeline variant.
/// Ratios of two contenders of one cell are paired round by round; ratios across cells (a rate against another load)
/// take the conservative interval [low / high, high / low] of the two medians' intervals.
/// </summary>
public static class PipelineGoals
{
    public const string BareInsert = "SingleEventNoTransaction";
    public const string Seed = "CurrentImplementation";

    /// <summary>The pipeline's design and every tuning of it the catalog holds: the suite that owns the pipeline's knobs races them all.</summary>
    public static IReadOnlyList<string> Pipelines { get; } =
        [BatchingPipelineStrategy.NameFor(1), .. StrategyCatalog.Tunings.Where(t => t.TuningOf == BatchingPipelineStrategy.NameFor(1)).Select(t => t.Name)];

    public static IReadOnlyList<string> Strategies { get; } = [.. Pipelines, BareInsert, Seed];

    private static readonly CellKey OneByOne = new(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 1);
    private static readonly CellKey OneByHundred = new(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 100);
    private static readonly CellKey HundredByHundred = new(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 100, 100);
    private static readonly CellKey AggregatesOneByHundred = new(LoadKind.Sustained, BenchmarkMethod.CommitAggregateEvents, 1, 100);
    private static readonly CellKey OneByThousand = new(LoadKind.Sustained, BenchmarkMethod.CommitEvents, 1, 1000);
    private static readonly CellKey SeedWave = new(LoadKind.Waves, BenchmarkMethod.CommitEvents, 100, 100);

    public static IReadOnlyList<CellKey> Cells { get; } = [OneByOne, OneByHundred, HundredByHundred, AggregatesOneByHundred, OneByThousand, SeedWave];

    public static IReadOnlyList<PipelineGoal> Evaluate(RunRecord run)
    {
        ArgumentNullException.ThrowIfNull(run);
        CaseResult? Find(CellKey cell, string contender) =>
            run.Cases.FirstOrDefault(c => c.Cell == cell && c.Contender == contender && c.Succeeded);

        var goals = new List<PipelineGoal>();
        foreach (var pipeline in Pipelines)
        {
            goals.Add(new("P1", pipeline, "events/s vs the ceiling, 1 event x 100 committers", Find(OneByHundred, pipeline)?.Race.RatioToCeiling, 0.8, true, "paired per round"));
            goals.Add(new("P1", pipeline, "events/s vs the ceiling, 100 events x 100 committers", Find(HundredByHundred, pipeline)?.Race.RatioToCeiling, 0.8, true, "paired per round"));
            goals.Add(new("P4", pipeline, "1-event commits: events/s at 100 committers vs at 1", AcrossCells(Find(OneByHundred, pipeline), Find(OneByOne, pipeline)), 30, true, "across cells"));
            goals.Add(new("P5", pipeline, $"p50 latency at 1 committer vs a bare single-event insert ({BareInsert})",
                LatencyRatio(Find(OneByOne, pipeline), Find(OneByOne, BareInsert)), 1.2, false, "p50 of each HDR histogram: no interval"));
            goals.Add(new("P6", pipeline, "aggregate-checked vs plain commits, events/s, 1 event x 100 committers",
                AcrossCells(Find(AggregatesOneByHundred, pipeline), Find(OneByHundred, pipeline)), 0.9, true, "across cells"));
            var thousand = Find(OneByThousand, pipeline);
            goals.Add(new("P9", pipeline, "events/s at 1000 committers vs at 100 (1 event)", AcrossCells(thousand, Find(OneByHundred, pipeline)), 1.0, true,
                thousand?.Writes.CommitLatency is { } latency
                    ? string.Create(System.Globalization.CultureInfo.InvariantCulture, $"across cells; p99 at 1000 committers {latency.P99Ms:0.#} ms, max {latency.MaxMs:0.#} ms")
                    : "across cells"));
            var (wave, seed) = (Find(SeedWave, pipeline), Find(SeedWave, Seed));
            goals.Add(Paired(wave, seed) is { } paired
                ? new("seed", pipeline, $"the seed's 100 x 100 wave: events/s vs {Seed}", paired, 100, true,
                    seed is { Race.StoppedEarly: true } ? $"paired per round; {Seed} stopped early, so against what it reached" : "paired per round")
                : new("seed", pipeline, $"the seed's 100 x 100 wave: events/s vs {Seed}", Qualifying(wave, seed), 100, true,
                    $"{Seed} left after the qualifying round: the two qualifying rounds, no interval"));
        }

        return goals;
    }

    private static Interval? Paired(CaseResult? numerator, CaseResult? denominator) =>
        numerator is null || denominator is null ? null : RoundStatistics.PairedRatio(numerator.Race.RoundEventsPerSecond, denominator.Race.RoundEventsPerSecond);

    /// <summary>The two contenders' qualifying rounds, one over the other: all a contender that left after it has run beside the other.</summary>
    private static Interval? Qualifying(CaseResult? numerator, CaseResult? denominator) =>
        numerator?.Race.QualifyingEventsPerSecond is { } a && denominator?.Race.QualifyingEventsPerSecond is > 0 and var b ? new Interval(a / b, null, null, 1) : null;

    private static Interval? AcrossCells(CaseResult? numerator, CaseResult? denominator) =>
        RoundStatistics.AcrossCells(numerator?.Race.EventsPerSecond, denominator?.Race.EventsPerSecond);

    private static Interval? LatencyRatio(CaseResult? numerator, CaseResult? denominator) =>
        numerator?.Writes.CommitLatency is { } a && denominator?.Writes.CommitLatency is { P50Ms: > 0 } b ? new Interval(a.P50Ms / b.P50Ms, null, null, 1) : null;
}
