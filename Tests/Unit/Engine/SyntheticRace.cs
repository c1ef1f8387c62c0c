using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Tests.Engine;

/// <summary>Races run on made-up round figures: each contender's level times log-normal noise from a fixed seed.</summary>
internal static class SyntheticRace
{
    public const string Group = "all";

    public static Race Run(RaceSettings settings, double noise, params (string Name, double Level)[] contenders) =>
        Run(settings, noise, [new RaceGroup(Group, MustDecide: true)], [.. contenders.Select(c => (c.Name, c.Level, new[] { Group }))]);

    public static Race Run(RaceSettings settings, double noise, IReadOnlyList<RaceGroup> groups, IReadOnlyList<(string Name, double Level, string[] Groups)> contenders, int seed = 7)
    {
        var random = new Random(seed);
        var levels = contenders.ToDictionary(c => c.Name, c => c.Level);
        var race = new Race([.. contenders.Select(c => new RaceEntrant(c.Name, c.Groups))], groups, settings);
        race.RecordQualifying(Figures());
        while (!race.Finished)
        {
            race.RecordRound(Figures());
        }

        return race;

        Dictionary<string, double?> Figures() => race.Running.ToDictionary(n => n, n => (double?)(levels[n] * Math.Exp(noise * Normal(random))));
    }

    /// <summary>A standard normal draw (Box-Muller).</summary>
    public static double Normal(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
}
