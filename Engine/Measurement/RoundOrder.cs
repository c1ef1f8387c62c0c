namespace EventCommitLab.Engine.Measurement;

/// <summary>
/// The order contenders are measured in, round by round: a shuffled base order (seeded by the cell, so a run can be
/// repeated) rotated by one place per round, so over as many rounds as there are contenders each takes every position
/// once, and a slow stretch of the shared machine does not keep landing on the same contender.
/// </summary>
public static class RoundOrder
{
    public static IReadOnlyList<int> For(int round, int contenders, int seed)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(round);
        ArgumentOutOfRangeException.ThrowIfLessThan(contenders, 1);
        var order = Enumerable.Range(0, contenders).ToArray();
        new Random(seed).Shuffle(order);
        return [.. Enumerable.Range(0, contenders).Select(i => order[(i + round) % contenders])];
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
