namespace EventCommitLab.Harness.Racing;

/// <summary>
/// A group of contenders judged against its leader: the contender with the highest mean log events/s among those
/// measured in the most rounds, every other compared with it over the rounds both ran, and the verdict that follows.
/// </summary>
/// <param name="Leader">The leader's name.</param>
/// <param name="Comparisons">Every other member against the leader; a member with no round paired with the leader's is missing.</param>
/// <param name="Kind">Winner, equivalent set, or undecided.</param>
/// <param name="Set">The winner alone; the leader and its equivalents; or the leader and every member not yet shown slower (undecided or equivalent).</param>
public sealed record GroupStanding(string Leader, IReadOnlyDictionary<string, PairedComparison> Comparisons, VerdictKind Kind, IReadOnlyList<string> Set)
{
    /// <summary>The standing of <paramref name="members"/> (each member's rounds, null where it did not run); null when none has a round.</summary>
    public static GroupStanding? Of(IReadOnlyDictionary<string, IReadOnlyList<double?>> members, RaceSettings settings)
    {
        ArgumentNullException.ThrowIfNull(members);
        ArgumentNullException.ThrowIfNull(settings);
        var measured = members.Where(m => m.Value.Any(r => r is > 0)).ToArray();
        if (measured.Length == 0)
        {
            return null;
        }

        var most = measured.Max(m => Count(m.Value));
        var leader = measured.Where(m => Count(m.Value) == most)
            .OrderByDescending(m => m.Value.Where(r => r is > 0).Average(r => Math.Log(r!.Value)))
            .ThenBy(m => m.Key, StringComparer.Ordinal)
            .First();
        var comparisons = new Dictionary<string, PairedComparison>(StringComparer.Ordinal);
        foreach (var (name, rounds) in measured.Where(m => m.Key != leader.Key))
        {
            if (PairedComparison.Of(rounds, leader.Value, settings) is { } comparison)
            {
                comparisons[name] = comparison;
            }
        }

        var open = comparisons.Where(c => c.Value.Decision is not (PairDecision.Behind or PairDecision.Slower or PairDecision.Equivalent)).Select(c => c.Key).ToArray();
        var equivalent = comparisons.Where(c => c.Value.Decision == PairDecision.Equivalent).Select(c => c.Key).ToArray();
        var unpaired = measured.Select(m => m.Key).Where(n => n != leader.Key && !comparisons.ContainsKey(n)).ToArray();
        var (kind, set) = open.Length > 0 || unpaired.Length > 0 ? (VerdictKind.Undecided, open.Concat(unpaired).Concat(equivalent))
            : equivalent.Length > 0 ? (VerdictKind.Equivalent, equivalent)
            : (VerdictKind.Winner, []);
        return new GroupStanding(leader.Key, comparisons, kind, [leader.Key, .. set.Order(StringComparer.Ordinal)]);
    }

    private static int Count(IReadOnlyList<double?> rounds) => rounds.Count(r => r is > 0);
}
