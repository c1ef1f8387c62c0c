namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The order contenders are measured in, round by round: shuffled afresh every round, from the cell's seed and the
/// round's number (so that a run's order can be repeated). No contender keeps one place or follows one other for a
/// whole cell: a fixed order rotated by a place per round gave every contender the same predecessor in every round, so
/// whatever a turn leaves behind (the runtime's garbage, the server's state) landed on the same contender all cell long,
/// and a verdict could follow the order a run happened to draw.
/// </summary>
public static class RoundOrder
{
    public static IReadOnlyList<int> For(int round, int contenders, int seed)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(round);
        ArgumentOutOfRangeException.ThrowIfLessThan(contenders, 1);
        var order = Enumerable.Range(0, contenders).ToArray();
        new Random(unchecked((seed * 7919) + round)).Shuffle(order);
        return order;
    }

    /// <summary>
    /// A mirrored round's turns: <paramref name="order"/>, then the same in reverse, so that the two turns of every
    /// entrant sit as far from the round's middle as each other (<see cref="Results.MeasurementSettings.Mirrors"/>).
    /// </summary>
    public static IReadOnlyList<int> Mirrored(IReadOnlyList<int> order)
    {
        ArgumentNullException.ThrowIfNull(order);
        return [.. order, .. order.Reverse()];
    }

    /// <summary>
    /// A mirrored round's figure from its two half turns: their mean (each the events/s of a half window, so the mean is
    /// the round's rate over both); null when either failed.
    /// </summary>
    public static double? MirroredFigure(double? first, double? second) => first is { } a && second is { } b ? (a + b) / 2 : null;

    /// <summary>
    /// A seed of <paramref name="text"/> that every process computes alike (FNV-1a over its UTF-16 code units), unlike
    /// <see cref="HashCode"/>, which is randomised per process.
    /// </summary>
    public static int StableSeed(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        var hash = 2166136261u;
        foreach (var unit in text)
        {
            hash = unchecked((hash ^ unit) * 16777619u);
        }

        return (int)(hash & int.MaxValue);
    }

    /// <summary>
    /// <paramref name="items"/> in their own order rotated by <paramref name="round"/> places (no shuffle): the order the
    /// suites take their contenders in, round by round, so that each takes every position once per cycle of rounds.
    /// </summary>
    public static IEnumerable<T> Rotated<T>(IReadOnlyList<T> items, int round)
    {
        ArgumentNullException.ThrowIfNull(items);
        ArgumentOutOfRangeException.ThrowIfNegative(round);
        return Enumerable.Range(0, items.Count).Select(k => items[(k + round) % items.Count]);
    }
}
