using EventCommitLab.Engine.Racing;
using EventCommitLab.Engine.Statistics;

namespace EventCommitLab.Tests.Engine.Racing;

/// <summary>
/// Races replayed on synthetic rounds: each contender at a known level, its windows that level times noise drawn from the
/// committed runs' own rounds (<see cref="RecordedNoise"/>, stalls included), judged as the main job judges a profile; and
/// what of the verdict is false against the known levels.
/// </summary>
internal static class RaceSimulation
{
    public const string Group = "unique";

    /// <summary>One replay: the race run to its end (or to <paramref name="horizon"/> rounds, as a budget would stop it) and its verdict.</summary>
    public static (Race Race, GroupVerdict? Verdict) Replay(IReadOnlyList<(string Name, double Level)> contenders, int seed, RaceSettings settings, int? horizon = null, double scale = 1)
    {
        var random = new Random(seed);
        var levels = contenders.ToDictionary(c => c.Name, c => c.Level, StringComparer.Ordinal);
        var race = new Race([.. contenders.Select(c => new RaceEntrant(c.Name, [Group]))], [new RaceGroup(Group, MustDecide: true)], settings) { Horizon = horizon };
        race.RecordQualifying(race.Running.ToDictionary(n => n, n => (double?)(levels[n] * Math.Exp(scale * Draw(RecordedNoise.Qualifying, random)))));
        while (!race.Finished)
        {
            if (horizon is { } h && race.Rounds + race.RoundsToNextLook > h)
            {
                // As the runner does: what it can pay for, when at least half the block, is raced and looked at once more.
                var affordable = h - race.Rounds;
                if (affordable >= Math.Max(2, (race.RoundsToNextLook + 1) / 2))
                {
                    for (var i = 0; i < affordable && !race.Finished; i++)
                    {
                        race.RecordRound(Round());
                    }

                    race.TakeFinalLook();
                }

                race.StopForBudget();
                break;
            }

            race.RecordRound(Round());
        }

        var verdict = GroupJudgement.Judge(
            [.. contenders.Select(c => c.Name)], race.RoundsOf, race.Exits.GetValueOrDefault, race.QualifyingFigure, _ => null, settings, Group,
            race.JudgedRounds(Group), race.RivalsIn(Group), n => contenders.ToList().FindIndex(c => c.Name == n));
        return (race, verdict);

        Dictionary<string, double?> Round() => race.Running.ToDictionary(n => n, n => (double?)(levels[n] * Math.Exp(scale * Draw(RecordedNoise.Rounds, random))));
    }

    /// <summary>What the verdict claims that the levels say is false, one line per claim.</summary>
    public static IReadOnlyList<string> FalseClaims(GroupVerdict verdict, IReadOnlyList<(string Name, double Level)> contenders, RaceSettings settings)
    {
        var level = contenders.ToDictionary(c => c.Name, c => c.Level, StringComparer.Ordinal);
        var (low, high) = (1 - settings.Margin, 1 / (1 - settings.Margin));
        var chosen = level[verdict.Choice];
        var leader = level[verdict.Standing.Leader];
        var wrong = new List<string>();
        foreach (var standing in verdict.Others.Where(s => s.Decision is not null))
        {
            var mine = level[standing.Contender];
            var claim = standing.Decision switch
            {
                PairDecision.Slower when mine >= chosen => "slower",
                PairDecision.Behind when mine >= chosen * low => "behind",
                PairDecision.Equivalent when mine / leader <= low || mine / leader >= high => "equivalent",
                _ => null,
            };
            if (claim is not null)
            {
                wrong.Add($"{standing.Contender} {claim}");
            }
        }

        if (verdict.Standing.Kind == VerdictKind.Equivalent && verdict.Choice != verdict.Standing.Leader && (chosen / leader <= low || chosen / leader >= high))
        {
            wrong.Add($"{verdict.Choice} equivalent");
        }

        return wrong;
    }

    private static double Draw(IReadOnlyList<double> pool, Random random) => pool[random.Next(pool.Count)];
}
