using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Results;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Tests.Engine;

/// <summary>
/// Hand-built raced runs: sustained plain commits at 1, 10 and 100 committers (one event each), their rounds made up
/// so that each row's verdict is known, analysed by the lab's own race statistics.
/// </summary>
internal static class SampleVerdicts
{
    public static readonly RaceSettings Race = RaceSettings.Default(10);

    public static readonly StrategyClaims[] Claims =
    [
        new("CurrentImplementation", true, true, true, true, OrderedVisibility: true),
        new("Pipeline", true, true, true, true, OrderedVisibility: true, KeepsAppendConditions: true),
        new("Sequence", true, false, true, false),
        new("Simulated", true, true, true, true, OrderedVisibility: true, HandedWholeGroups: true),
    ];

    /// <summary>
    /// 1 committer: Sequence and Pipeline equal (an equivalent set; Pipeline chosen, it claims more). 10 committers:
    /// Pipeline wins. 100 committers: Sequence 4% ahead of Pipeline with noisy rounds (undecided), or, with
    /// <paramref name="sequenceWinsAt100"/>, Sequence far ahead (Pipeline behind); with <paramref name="sequenceWinsAt10"/>,
    /// the other way round at 10 committers.
    /// </summary>
    public static RunRecord Run(bool sequenceWinsAt100 = false, bool sequenceWinsAt10 = false)
    {
        var cells = new[] { 1, 10, 100 }.Select(committers => Cell(committers, committers switch
        {
            1 => [("Pipeline", 1000, 0.0), ("Sequence", 1000, 0.0)],
            10 => sequenceWinsAt10 ? [("Pipeline", 6_000, 0.0), ("Sequence", 10_000, 0.0)] : [("Pipeline", 10_000, 0.0), ("Sequence", 6_000, 0.0)],
            _ => sequenceWinsAt100 ? [("Pipeline", 20_000, 0.0), ("Sequence", 40_000, 0.0)] : [("Pipeline", 20_000, 0.25), ("Sequence", 20_800, 0.25)],
        })).ToArray();
        return new RunRecord(
            SampleRuns.Environment with { Measurement = SampleRuns.Environment.Measurement with { Margin = Race.Margin, ErrorRate = Race.ErrorRate, Looks = Race.Looks, BudgetMinutes = 20, ErrorPerRow = true, SequentialLooks = true } },
            Claims, [.. cells.SelectMany(c => c.Cases)], [], [.. cells.Select(c => c.Verdict!)]);
    }

    private static (IReadOnlyList<CaseResult> Cases, CellVerdict? Verdict) Cell(int committers, (string Name, double Level, double Noise)[] strategies)
    {
        var random = new Random(committers);
        double?[] Rounds(double level, double noise) => [.. Enumerable.Range(0, Race.MaximumRounds).Select(i => (double?)(level * (1 + (i % 2 == 0 ? 0.01 : -0.01)) * Math.Exp(noise * SyntheticRace.Normal(random))))];
        CaseResult Case(string name, double?[] rounds, double qualifying, RaceExit? exit = null)
        {
            var c = SampleRuns.Case(name, committers, rounds, load: LoadKind.Sustained);
            return c with
            {
                Race = c.Race with { QualifyingEventsPerSecond = qualifying, Exit = exit, StoppedEarly = exit is not null },
                IsCeiling = name.StartsWith("Ceiling", StringComparison.Ordinal),
            };
        }

        var cases = new List<CaseResult>
        {
            Case("CurrentImplementation", new double?[Race.MaximumRounds], 100, new RaceExit(RaceExitReason.Hopeless, 0)),
            Case("Simulated", Rounds(strategies.Max(s => s.Level) * 1.1, 0), strategies.Max(s => s.Level)),
        };
        cases.AddRange(strategies.Select(s => Case(s.Name, Rounds(s.Level, s.Noise), s.Level)));
        cases.Add(Case("Ceiling:OneGroup", Rounds(strategies.Max(s => s.Level) * 1.25, 0), strategies.Max(s => s.Level) * 1.25));
        var end = committers == 100 ? RaceEnd.OutOfRounds : RaceEnd.Decided;
        return CellAnalysis.Analyse(cases, Claims, Race, end);
    }
}
