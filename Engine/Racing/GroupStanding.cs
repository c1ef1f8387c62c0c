namespace EventCommitLab.Engine.Racing;

/// <summary>
/// A group of contenders at a look: its leader, every other member still racing compared with it, who leaves, and the
/// verdict that follows. The row's error rate for the look is shared by Holm's step-down over its open comparisons:
/// each open one gets an equal share, a comparison decided at its share passes it on to those still open, and the
/// others are tested again at their larger shares until no more decide. A rival leaves (<see cref="Separated"/>) only
/// when it is separably slower than every member still in contention, each by a comparison of the rounds both ran, so
/// that whichever of them the row chooses, the rival's standing against the choice rests on their own rounds.
/// </summary>
/// <param name="Leader">
/// The fastest by the comparisons' own statistic: among the members still racing measured in the most rounds, the one
/// whose lowest paired estimate against another is highest; where one member's estimate is above every other's pair by
/// pair, it is that member, so the comparisons never put another member ahead of it.
/// </param>
/// <param name="Comparisons">Every other member still racing against the leader, at the share its row gave it; a member with no round paired with the leader's is missing.</param>
/// <param name="Kind">Winner, equivalent set, or undecided.</param>
/// <param name="Set">The winner alone; the leader and its equivalents; or the leader and every member not shown slower than every member in contention.</param>
public sealed record GroupStanding(string Leader, IReadOnlyDictionary<string, PairedComparison> Comparisons, VerdictKind Kind, IReadOnlyList<string> Set)
{
    /// <summary>Members still racing that are separably slower than every member still in contention: they leave.</summary>
    public IReadOnlyList<string> Separated { get; init; } = [];

    /// <summary>Members still racing whose standing is not decided yet (neither equivalent to the leader nor separated).</summary>
    public IReadOnlyList<string> Open { get; init; } = [];

    /// <summary>
    /// Members that left by a decision but are not shown slower than some member of the set by their own rounds: the
    /// verdict cannot rest on them, so the row is undecided.
    /// </summary>
    public IReadOnlyList<string> Unresolved { get; init; } = [];

    /// <summary>Each rival's weight in the step-down (<see cref="Weight"/>).</summary>
    public IReadOnlyDictionary<string, double> Weights { get; init; } = new Dictionary<string, double>();

    /// <summary>
    /// The part of a look's error rate <paramref name="rival"/> gets among the comparisons still open (its weight over
    /// theirs, itself counted): what a look at the horizon would give it, were the others still open there.
    /// </summary>
    public double ShareOf(string rival)
    {
        var mine = Weights.GetValueOrDefault(rival, 1);
        return mine / Open.Append(rival).Distinct().Sum(r => Weights.GetValueOrDefault(r, 1));
    }

    /// <summary>
    /// A rival's weight in the step-down, from the qualifying round (which no statistic uses, so the weights do not follow
    /// the rounds they are tested on): the square of its qualifying figure over the fastest's, between a twentieth and
    /// one. A rival far behind needs little of the look's error rate to be decided, and one close to the leader needs
    /// most of it; a comparison decided passes its part on to the others by their weights.
    /// </summary>
    public static double Weight(double? qualifying, double? fastest) =>
        qualifying is > 0 && fastest is > 0 ? Math.Pow(Math.Clamp(qualifying.Value / fastest.Value, 0.05, 1), 2) : 1;

    /// <summary>
    /// The standing of <paramref name="members"/> over their first <paramref name="rounds"/> race rounds, at a look whose
    /// share of the row's error rate is <paramref name="lookErrorRate"/>; null when no member still racing has a round.
    /// </summary>
    /// <param name="members">The members judged (the failed and disqualified left out); those that left by a decision after <paramref name="rounds"/> count as still racing.</param>
    /// <param name="group">The group's name, which the members' exits give their error rates by.</param>
    /// <param name="pursuit">What the race can still spend (a rival estimated within the margin races on while it is likely to be shown equivalent); null once it can spend nothing more.</param>
    public static GroupStanding? Of(IReadOnlyList<GroupMember> members, string group, int rounds, double lookErrorRate, RaceSettings settings, Pursuit? pursuit = null)
    {
        ArgumentNullException.ThrowIfNull(members);
        ArgumentNullException.ThrowIfNull(settings);
        var judged = members.ToDictionary(m => m.Name, m => m with { Rounds = [.. m.Rounds.Take(rounds)] }, StringComparer.Ordinal);
        var left = judged.Values.Where(m => m.Exit is { Decided: true } e && e.AfterRounds <= rounds).ToArray();
        var running = judged.Values.Where(m => !left.Contains(m)).ToArray();
        var measured = running.Where(m => m.Rounds.Any(r => r is > 0)).Select(m => m.Name).ToArray();
        if (measured.Length == 0)
        {
            return null;
        }

        var leader = LeaderOf([.. measured.Select(n => judged[n])]);
        var fastest = judged.Values.Select(m => m.Qualifying ?? 0).DefaultIfEmpty(0).Max();
        var weights = judged.Values.ToDictionary(m => m.Name, m => Weight(m.Qualifying, fastest), StringComparer.Ordinal);
        var step = new StepDown(judged, leader, [.. measured.Where(n => n != leader)], weights, settings, pursuit);
        step.Run(lookErrorRate);
        var unmeasured = running.Select(m => m.Name).Where(n => !measured.Contains(n)).ToArray();
        var open = step.Open.Concat(unmeasured).Order(StringComparer.Ordinal).ToArray();
        var equivalent = step.Equivalent.ToArray();
        if (open.Length > 0)
        {
            return new GroupStanding(leader, step.Comparisons, VerdictKind.Undecided, [leader, .. step.InContention.Where(n => n != leader).Concat(unmeasured).Order(StringComparer.Ordinal)])
            {
                Separated = step.Separated,
                Open = open,
            };
        }

        string[] set = [leader, .. equivalent.Order(StringComparer.Ordinal)];
        var unresolved = left.Where(l => set.Any(s => !ShownSlower(l, judged[s], group, settings))).Select(l => l.Name).Order(StringComparer.Ordinal).ToArray();
        var kind = unresolved.Length > 0 ? VerdictKind.Undecided : equivalent.Length > 0 ? VerdictKind.Equivalent : VerdictKind.Winner;
        return new GroupStanding(leader, step.Comparisons, kind, set) { Separated = step.Separated, Unresolved = unresolved, Weights = weights };
    }

    /// <summary>
    /// Whether <paramref name="gone"/>, which left by a decision, is shown slower than <paramref name="member"/> by their
    /// own rounds: for a cut, its windows below the cut's depth of the member's in the same windows; for one that left
    /// at a look, their paired rounds up to then at the error rate it left at. Runs made before rows spent one error
    /// rate recorded none, and their exits stand as they were.
    /// </summary>
    private static bool ShownSlower(GroupMember gone, GroupMember member, string group, RaceSettings settings)
    {
        var exit = gone.Exit!;
        if (exit.ErrorRateIn(group) is not { } rate)
        {
            return true;
        }

        if (exit.Reason == RaceExitReason.Hopeless)
        {
            return exit.AfterRounds == 0
                ? ScreeningCut.Below(gone.Qualifying, member.Qualifying, StallRates.OneWindowDepth)
                : ScreeningCut.Below(gone.Qualifying, member.Qualifying, StallRates.TwoWindowsDepth)
                    && ScreeningCut.Below(gone.Rounds.FirstOrDefault(), member.Rounds.FirstOrDefault(), StallRates.TwoWindowsDepth);
        }

        return PairedComparison.Of([.. gone.Rounds.Take(exit.AfterRounds)], [.. member.Rounds.Take(exit.AfterRounds)], rate, settings) is { ShowsSlower: true };
    }

    /// <summary>
    /// Among the members measured in the most rounds, the one whose lowest paired log-ratio estimate against any other of
    /// them is highest; ties go to the name first in ordinal order.
    /// </summary>
    private static string LeaderOf(IReadOnlyList<GroupMember> measured)
    {
        var most = measured.Max(m => Count(m.Rounds));
        var candidates = measured.Where(m => Count(m.Rounds) == most).OrderBy(m => m.Name, StringComparer.Ordinal).ToArray();
        if (candidates.Length == 1)
        {
            return candidates[0].Name;
        }

        return candidates
            .Select(c => (c.Name, Worst: candidates.Where(o => o.Name != c.Name).Select(o => Estimate(c.Rounds, o.Rounds)).Min()))
            .OrderByDescending(c => c.Worst)
            .ThenBy(c => c.Name, StringComparer.Ordinal)
            .First().Name;
    }

    /// <summary>The paired trimmed mean of the log ratios, as the comparisons estimate it; minus infinity with no round in common.</summary>
    private static double Estimate(IReadOnlyList<double?> contender, IReadOnlyList<double?> other)
    {
        var logs = LogStatistics.PairedLogs(contender, other);
        return logs.Length == 0 ? double.NegativeInfinity : LogStatistics.MeanAndError(logs).Mean;
    }

    private static int Count(IReadOnlyList<double?> rounds) => rounds.Count(r => r is > 0);
}
