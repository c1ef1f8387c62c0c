namespace EventCommitLab.Engine.Racing;

/// <summary>
/// Holm's weighted step-down over one look's comparisons of a group: every open rival of the leader gets its weight's part
/// of the error rate the row's open comparisons share (<see cref="GroupStanding.Weight"/>), tested at the level its look
/// gives that part (<see cref="RaceSettings.TestLevel"/>); the rivals it decides (shown equivalent to the leader, or
/// separably slower than every member still in contention) keep the share they were decided at and pass the rest on, and
/// the rivals still open are tested again at their larger shares, until a pass decides none. With each comparison's
/// part spent over the looks by the sequential boundary, this is the group-sequential Holm procedure (Maurer and
/// Bretz): a share passed on at one look stays passed on at the looks after.
/// </summary>
internal sealed class StepDown(
    IReadOnlyDictionary<string, GroupMember> members, string leader, IReadOnlyList<string> rivals, IReadOnlyDictionary<string, double> weights, RaceSettings settings, Pursuit? pursuit)
{
    private readonly Dictionary<string, double> _share = new(StringComparer.Ordinal);
    private readonly HashSet<string> _open = new(rivals, StringComparer.Ordinal);
    private readonly HashSet<string> _inContention = new([leader, .. rivals], StringComparer.Ordinal);

    /// <summary>Each rival against the leader, at the share that decided it (or, for one still open, the last share it was tested at).</summary>
    public Dictionary<string, PairedComparison> Comparisons { get; } = new(StringComparer.Ordinal);

    public IReadOnlyList<string> Open => [.. _open.Order(StringComparer.Ordinal)];

    /// <summary>The leader and every rival not separated: each separated rival is separably slower than every one of them.</summary>
    public IReadOnlyList<string> InContention => [.. _inContention.Order(StringComparer.Ordinal)];

    public IReadOnlyList<string> Separated => [.. rivals.Where(r => !_inContention.Contains(r)).Order(StringComparer.Ordinal)];

    public IEnumerable<string> Equivalent => rivals.Where(r => Comparisons.GetValueOrDefault(r) is { Decision: PairDecision.Equivalent });

    public void Run(double lookErrorRate)
    {
        while (_open.Count > 0)
        {
            var weight = _open.Sum(Weight);
            foreach (var rival in _open)
            {
                var share = lookErrorRate * Weight(rival) / weight;
                _share[rival] = share;
                if (PairedComparison.Of(members[rival].Rounds, members[leader].Rounds, share, settings) is { } comparison)
                {
                    Comparisons[rival] = comparison;
                }
            }

            Separate();
            var decided = _open.Where(r => Comparisons.GetValueOrDefault(r) is { Decision: PairDecision.Equivalent } || !_inContention.Contains(r)).ToArray();
            if (decided.Length == 0)
            {
                return;
            }

            _open.ExceptWith(decided);
        }
    }

    /// <summary>
    /// Takes out of contention every rival separably slower than the leader (at its own share) and than each member that
    /// could still be in the set: the leader, the members not shown slower than it, and the ones racing on to be shown
    /// equivalent. A member shown slower than the leader cannot be in the set, so it holds no other rival in.
    /// </summary>
    private void Separate()
    {
        var slower = rivals.Where(r => Comparisons.GetValueOrDefault(r) is { ShowsSlower: true } c && !Pursues(r, c)).ToHashSet(StringComparer.Ordinal);
        var couldBeInSet = rivals.Where(r => !slower.Contains(r)).ToArray();
        _inContention.Clear();
        _inContention.Add(leader);
        foreach (var rival in rivals)
        {
            if (!slower.Contains(rival) || !couldBeInSet.All(m => m == rival || SlowerThan(rival, m)))
            {
                _inContention.Add(rival);
            }
        }
    }

    private bool SlowerThan(string rival, string member) =>
        PairedComparison.Of(members[rival].Rounds, members[member].Rounds, _share[rival], settings) is { ShowsSlower: true };

    /// <summary>
    /// Whether a rival separably slower than the leader but not shown beyond the margin races on, likely enough to be shown
    /// equivalent by the last round the race can pay for: sent out, it would be out of the set in this run and, given
    /// the rounds, in another run's set.
    /// </summary>
    private bool Pursues(string rival, PairedComparison comparison) =>
        pursuit is { } p && comparison.Decision == PairDecision.Slower
        && Decidability.ChanceEquivalentBy(
            LogStatistics.PairedLogs(members[rival].Rounds, members[leader].Rounds), p.Horizon, p.LookErrorRate * Weight(rival) / _open.Append(rival).Distinct().Sum(Weight), settings)
            >= Decidability.PursueEquivalenceFrom;

    private double Weight(string rival) => weights.GetValueOrDefault(rival, 1);
}
