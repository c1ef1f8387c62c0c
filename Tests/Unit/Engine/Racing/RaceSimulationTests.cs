using EventCommitLab.Engine.Racing;

namespace EventCommitLab.Tests.Engine.Racing;

/// <summary>
/// The race held to its word: replayed many times on rounds whose true levels are known and whose noise is the committed
/// runs' own (stalls included), a decided row's verdict is false, in any decision it rests on, no more often than the
/// stated error rate allows (with a binomial tolerance for the replays' count), whatever the row's shape: equal
/// contenders, one a few per cent behind, one at the margin's edge, the rest far behind, and a row like a recorded one;
/// with every round the race may run, and with a budget that stops it halfway or sooner.
/// </summary>
public sealed class RaceSimulationTests(ITestOutputHelper output)
{
    private const int Replays = 400;

    private static readonly RaceSettings Settings = RaceSettings.Default(48);

    public static TheoryData<string, int?> Shapes() => new()
    {
        { "equal", null }, { "equal", 24 },
        { "one close", null }, { "one close", 24 }, { "one close", 12 },
        { "margin's edge", null }, { "margin's edge", 24 }, { "margin's edge", 14 },
        { "far behind", null },
        { "recorded", null }, { "recorded", 24 },
        { "two far and equal", null },
    };

    private static (string Name, double Level)[] Shape(string name) => name switch
    {
        "equal" => [.. Enumerable.Range(0, 9).Select(i => ($"S{i}", 1000.0))],
        "one close" => [("A", 1000), ("B", 950), ("C", 600), ("D", 500), ("E", 450), ("F", 400), ("G", 350), ("H", 300), ("I", 250)],
        "margin's edge" => [("A", 1000), ("B", 900), ("C", 200), ("D", 200), ("E", 150)],
        "far behind" => [("A", 1000), ("B", 300), ("C", 200), ("D", 100), ("E", 50), ("F", 20), ("G", 10), ("H", 5), ("I", 2)],
        "recorded" => [("A", 1000), ("B", 960), ("C", 920), ("D", 730), ("E", 640), ("F", 630), ("G", 560), ("H", 470), ("I", 440)],
        "two far and equal" => [("A", 1000), ("B", 500), ("C", 500), ("D", 300)],
        _ => throw new ArgumentOutOfRangeException(nameof(name), name, "no such shape"),
    };

    [Theory]
    [MemberData(nameof(Shapes))]
    public void a_decided_row_is_false_no_more_often_than_its_error_rate(string shape, int? horizon)
    {
        var contenders = Shape(shape);
        var (decided, wrong) = (0, 0);
        var kinds = new Dictionary<string, int>(StringComparer.Ordinal);
        for (var seed = 1; seed <= Replays; seed++)
        {
            var (_, verdict) = RaceSimulation.Replay(contenders, seed, Settings, horizon);
            if (verdict is null || verdict.Standing.Kind == VerdictKind.Undecided)
            {
                continue;
            }

            decided++;
            kinds[verdict.Standing.Kind.ToString()] = kinds.GetValueOrDefault(verdict.Standing.Kind.ToString()) + 1;
            var claims = RaceSimulation.FalseClaims(verdict, contenders, Settings);
            wrong += claims.Count > 0 ? 1 : 0;
        }

        output.WriteLine($"{shape}, horizon {horizon?.ToString() ?? "none"}: {decided} of {Replays} decided ({string.Join(", ", kinds.Select(k => $"{k.Key} {k.Value}"))}), {wrong} false");
        // Nine equal contenders at the recorded noise seldom all show within the margin in 24 rounds: nothing to count there.
        Assert.True(decided > 0 || shape == "equal", "the replays decide some rows");
        Assert.True(wrong <= BinomialUpper(decided, Settings.ErrorRate), $"{wrong} of {decided} decided rows false, more than an error rate of {Settings.ErrorRate:P0} allows");
    }

    /// <summary>The count a binomial of <paramref name="trials"/> at <paramref name="rate"/> exceeds with a chance below one in a thousand.</summary>
    private static int BinomialUpper(int trials, double rate)
    {
        var (cumulative, probability) = (0.0, Math.Pow(1 - rate, trials));
        for (var k = 0; k <= trials; k++)
        {
            cumulative += probability;
            if (cumulative >= 0.999)
            {
                return k;
            }

            probability *= (trials - k) / (double)(k + 1) * rate / (1 - rate);
        }

        return trials;
    }
}
