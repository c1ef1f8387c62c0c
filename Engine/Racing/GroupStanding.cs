namespace EventCommitLab.Engine.Racing;

/// <summary>
/// A group of contenders judged against its leader, every other compared with it over the rounds both ran, and the
/// verdict that follows. The leader is chosen by the statistic the comparisons use: among the members measured in the
/// most rounds, the one whose worst paired estimate against another member is highest (the trimmed mean of the log
/// ratios, as <see cref="PairedComparison"/> has it). When one member's estimate is above every other's, pair by pair,
/// it is that member, so no member the comparisons would put ahead of the leader is passed over.
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

        var leader = LeaderOf(measured);
        var comparisons = new Dictionary<string, PairedComparison>(StringComparer.Ordinal);
        foreach (var (name, rounds) in measured.Where(m => m.Key != leader))
        {
            if (PairedComparison.Of(rounds, members[leader], settings) is { } comparison)
            {
                comparisons[name] = comparison;
            }
        }

        var open = comparisons.Where(c => c.Value.Decision is not (PairDecision.Behind or PairDecision.Slower or PairDecision.Equivalent)).Select(c => c.Key).ToArray();
        var equivalent = comparisons.Where(c => c.Value.Decision == PairDecision.Equivalent).Select(c => c.Key).ToArray();
        var unpaired = measured.Select(m => m.Key).Where(n => n != leader && !comparisons.ContainsKey(n)).ToArray();
        var (kind, set) = open.Length > 0 || unpaired.Length > 0 ? (VerdictKind.Undecided, open.Concat(unpaired).Concat(equivalent))
            : equivalent.Length > 0 ? (VerdictKind.Equivalent, equivalent)
            : (VerdictKind.Winner, []);
        return new GroupStanding(leader, comparisons, kind, [leader, .. set.Order(StringComparer.Ordinal)]);
    }

    /// <summary>
    /// Among the members measured in the most rounds, the one whose lowest paired log-ratio estimate against any other of
    /// them is highest; ties go to the name first in ordinal order.
    /// </summary>
    private static string LeaderOf(IReadOnlyList<KeyValuePair<string, IReadOnlyList<double?>>> measured)
    {
        var most = measured.Max(m => Count(m.Value));
        var candidates = measured.Where(m => Count(m.Value) == most).OrderBy(m => m.Key, StringComparer.Ordinal).ToArray();
        if (candidates.Length == 1)
        {
            return candidates[0].Key;
        }

        return candidates
            .Select(c => (c.Key, Worst: candidates.Where(o => o.Key != c.Key).Select(o => Estimate(c.Value, o.Value)).Min()))
            .OrderByDescending(c => c.Worst)
            .ThenBy(c => c.Key, StringComparer.Ordinal)
            .First().Key;
    }

    /// <summary>The paired trimmed mean of the log ratios, as the comparisons estimate it; minus infinity with no round in common.</summary>
    private static double Estimate(IReadOnlyList<double?> contender, IReadOnlyList<double?> other)
    {
        var logs = LogStatistics.PairedLogs(contender, other);
        return logs.Length == 0 ? double.NegativeInfinity : LogStatistics.MeanAndError(logs).Mean;
    }

    private static int Count(IReadOnlyList<double?> rounds) => rounds.Count(r => r is > 0);
}
