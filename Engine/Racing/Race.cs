namespace EventCommitLab.Engine.Racing;

/// <summary>
/// One cell's race (F-Race's shape): a qualifying round of every contender, after which the hopeless leave (far below
/// a leader at once, the others once the first race round has confirmed it); then race rounds, and at each planned look
/// the contenders separably slower than the leader of every group they are judged in leave (most of them confidently
/// more than the margin behind), and the race ends once every group that must decide has a verdict, or the rounds or
/// the budget run out. The caller measures; the race only says who runs next and when to stop.
/// </summary>
public sealed class Race
{
    private readonly IReadOnlyList<RaceEntrant> _entrants;
    private readonly IReadOnlyList<RaceGroup> _groups;
    private readonly RaceSettings _settings;
    private readonly Dictionary<string, double?> _qualifying = new(StringComparer.Ordinal);
    private readonly Dictionary<string, List<double?>> _rounds = new(StringComparer.Ordinal);
    private readonly Dictionary<string, RaceExit> _exits = new(StringComparer.Ordinal);
    private readonly Dictionary<string, GroupEnd> _groupEnds = new(StringComparer.Ordinal);
    private readonly HashSet<string> _suspects = new(StringComparer.Ordinal);
    private bool _qualified;

    public Race(IReadOnlyList<RaceEntrant> entrants, IReadOnlyList<RaceGroup> groups, RaceSettings settings)
    {
        ArgumentNullException.ThrowIfNull(entrants);
        ArgumentNullException.ThrowIfNull(groups);
        ArgumentNullException.ThrowIfNull(settings);
        if (entrants.Select(e => e.Name).Distinct(StringComparer.Ordinal).Count() != entrants.Count)
        {
            throw new ArgumentException("Every entrant of a race needs its own name.", nameof(entrants));
        }

        if (entrants.SelectMany(e => e.Groups).FirstOrDefault(g => groups.All(x => x.Name != g)) is { } unknown)
        {
            throw new ArgumentException($"An entrant names the group '{unknown}', which the race does not have.", nameof(entrants));
        }

        _entrants = entrants;
        _groups = groups;
        _settings = settings;
        foreach (var entrant in entrants)
        {
            _rounds[entrant.Name] = [];
        }
    }

    public RaceSettings Settings => _settings;

    public IReadOnlyList<RaceEntrant> Entrants => _entrants;

    /// <summary>Race rounds recorded (the qualifying round not counted).</summary>
    public int Rounds { get; private set; }

    /// <summary>Who runs the next round, in the entrants' order.</summary>
    public IReadOnlyList<string> Running => [.. _entrants.Select(e => e.Name).Where(n => !_exits.ContainsKey(n))];

    public RaceEnd? End { get; private set; }

    /// <summary>
    /// The last race round the caller can still pay for, when fewer than the settings allow; the race stops as futile
    /// when a pair it still needs could not be decided by then. Null: the settings' most rounds.
    /// </summary>
    public int? Horizon { get; set; }

    public bool Finished => End is not null;

    public IReadOnlyDictionary<string, RaceExit> Exits => _exits;

    /// <summary>The groups that must decide and have ended: decided, futile, or ended with the race.</summary>
    public IReadOnlyDictionary<string, GroupEnd> GroupEnds => _groupEnds;

    /// <summary>The race rounds a group is judged over: those it ended with, or every round while it is open.</summary>
    public int JudgedRounds(string group) => _groupEnds.TryGetValue(group, out var end) ? end.Rounds : Rounds;

    /// <summary>Rounds to run before the race may decide again: the qualifying round first, then up to the next look.</summary>
    public int RoundsToNextLook => Finished ? 0 : !_qualified ? 1 : _settings.Looks.First(l => l > Rounds) - Rounds;

    public double? QualifyingFigure(string name) => _qualifying.GetValueOrDefault(name);

    /// <summary>
    /// The entrants below the hopeless fraction of a leader of each of their groups in the qualifying round but not far
    /// below it (<see cref="RaceSettings.HopelessAtOnceFraction"/>): each ran the first race round, and left after it
    /// (<see cref="RaceExitReason.Hopeless"/>) only where that round was below the hopeless fraction too.
    /// </summary>
    public IReadOnlyCollection<string> Suspected => _suspects;

    /// <summary>An entrant's race rounds, null where it did not run (it had left, or its round failed).</summary>
    public IReadOnlyList<double?> RoundsOf(string name) => _rounds[name];

    /// <summary>
    /// The qualifying round: its figures are not part of any statistic; the failed leave, those below
    /// <see cref="RaceSettings.HopelessAtOnceFraction"/> of a leader of each of their groups leave too, and the others
    /// below the hopeless fraction become suspects, who leave after the first race round if it finds them there again.
    /// One round is not enough to cut on: a stall of the shared machine over a stretch of the round has put the
    /// contender a later run chose at 0.06 of its leader.
    /// </summary>
    public void RecordQualifying(IReadOnlyDictionary<string, double?> figures)
    {
        ArgumentNullException.ThrowIfNull(figures);
        if (_qualified)
        {
            throw new InvalidOperationException("The qualifying round is recorded once, before the race rounds.");
        }

        _qualified = true;
        foreach (var name in Running)
        {
            var figure = figures.GetValueOrDefault(name);
            _qualifying[name] = figure;
            if (figure is not > 0)
            {
                _exits[name] = new RaceExit(RaceExitReason.Failed, 0);
            }
        }

        foreach (var name in BelowFraction(_qualifying, _settings.HopelessAtOnceFraction))
        {
            _exits[name] = new RaceExit(RaceExitReason.Hopeless, 0);
        }

        _suspects.UnionWith(BelowFraction(_qualifying, _settings.HopelessFraction));
        if (_groups.Where(g => g.MustDecide).All(g => !Members(g).Any()))
        {
            EndRace(RaceEnd.NoContenders);
        }
    }

    /// <summary>One race round; at a planned look, the race decides who leaves and whether it is over.</summary>
    public void RecordRound(IReadOnlyDictionary<string, double?> figures)
    {
        ArgumentNullException.ThrowIfNull(figures);
        if (!_qualified || Finished)
        {
            throw new InvalidOperationException(Finished ? "The race is over." : "The qualifying round comes first.");
        }

        var running = Running;
        Rounds++;
        foreach (var (name, rounds) in _rounds)
        {
            var figure = running.Contains(name) ? figures.GetValueOrDefault(name) : null;
            rounds.Add(figure);
            if (running.Contains(name) && figure is not > 0)
            {
                _exits[name] = new RaceExit(RaceExitReason.Failed, Rounds);
            }
        }

        if (Rounds == 1)
        {
            foreach (var name in BelowFraction(_rounds.ToDictionary(r => r.Key, r => r.Value[0], StringComparer.Ordinal), _settings.HopelessFraction).Where(_suspects.Contains))
            {
                _exits[name] = new RaceExit(RaceExitReason.Hopeless, Rounds);
            }
        }

        if (_settings.Looks.Contains(Rounds))
        {
            Decide();
        }
    }

    /// <summary>The budget cannot pay for the rounds to the next look: the race ends where it stands.</summary>
    public void StopForBudget()
    {
        if (!Finished)
        {
            EndRace(RaceEnd.OutOfBudget);
        }
    }

    /// <summary>
    /// The budget stopped the race between two planned looks, after rounds it could still pay for: the race looks once
    /// more, at those rounds (spending the share of the error rate they add, <see cref="RaceSettings.ErrorRateAt"/>),
    /// and ends there.
    /// </summary>
    public void TakeFinalLook()
    {
        if (Finished)
        {
            return;
        }

        if (!_settings.Looks.Contains(Rounds) && Rounds > 0)
        {
            Decide();
        }

        StopForBudget();
    }
    /// <summary>
    /// The standing of a group's entrants still running, over their race rounds; once the group has ended, of those
    /// still running when it ended, over the rounds it ended with.
    /// </summary>
    public GroupStanding? Standing(string group)
    {
        if (!_groupEnds.TryGetValue(group, out var end))
        {
            return GroupStanding.Of(Members(_groups.Single(g => g.Name == group)).ToDictionary(n => n, n => (IReadOnlyList<double?>)_rounds[n], StringComparer.Ordinal), _settings);
        }

        var members = _entrants
            .Where(e => e.Groups.Contains(group) && (!_exits.TryGetValue(e.Name, out var exit) || (exit.AfterRounds >= end.Rounds && exit.Reason is not (RaceExitReason.Failed or RaceExitReason.Hopeless))))
            .ToDictionary(e => e.Name, e => (IReadOnlyList<double?>)[.. _rounds[e.Name].Take(end.Rounds)], StringComparer.Ordinal);
        return GroupStanding.Of(members, _settings);
    }

    private void Decide()
    {
        foreach (var reference in _entrants.Where(e => e.Groups.Count == 0 && !_exits.ContainsKey(e.Name)))
        {
            _exits[reference.Name] = new RaceExit(RaceExitReason.Reference, Rounds);
        }

        var open = _groups.Where(g => g.MustDecide && !_groupEnds.ContainsKey(g.Name)).ToArray();
        var standings = _groups.ToDictionary(g => g.Name, g => Standing(g.Name), StringComparer.Ordinal);
        // Behind in every group it still races in (an ended group no longer asks anything of it).
        foreach (var entrant in _entrants.Where(e => e.Groups.Count > 0 && !e.Pinned && !_exits.ContainsKey(e.Name)))
        {
            var racing = entrant.Groups.Where(g => !_groupEnds.ContainsKey(g)).ToArray();
            if (racing.Length > 0 && racing.All(g => standings[g] is { } standing
                    && standing.Comparisons.GetValueOrDefault(entrant.Name)?.Decision is PairDecision.Behind or PairDecision.Slower
                    && !ReachesForEquivalence(standing, entrant.Name)))
            {
                _exits[entrant.Name] = new RaceExit(RaceExitReason.Behind, Rounds);
            }
        }

        // A group that need not decide goes on with its leader alone: its members raced the first look's rounds, which
        // is what picks its leader, and every further round of the others would be spent on no verdict.
        foreach (var group in _groups.Where(g => !g.MustDecide))
        {
            foreach (var member in Members(group).Where(m => m != standings[group.Name]?.Leader && _entrants.Single(e => e.Name == m) is { Groups.Count: 1, Pinned: false }).ToArray())
            {
                _exits[member] = new RaceExit(RaceExitReason.Outrun, Rounds);
            }
        }

        // Each open group that must decide ends here once it has its verdict, or (from the second look on) once some
        // pair of it could no longer be decided in the rounds left: its verdict then rests on these rounds.
        foreach (var group in open)
        {
            var standing = Standing(group.Name);
            if (!Members(group).Any())
            {
                _groupEnds[group.Name] = new GroupEnd(Rounds, RaceEnd.NoContenders);
            }
            else if (standing is null || (standing.Kind != VerdictKind.Undecided && !standing.Comparisons.Keys.Any(m => ReachesForEquivalence(standing, m))))
            {
                _groupEnds[group.Name] = new GroupEnd(Rounds, RaceEnd.Decided);
            }
            else if (Rounds > _settings.Looks[0] && !Decidable(standing))
            {
                _groupEnds[group.Name] = new GroupEnd(Rounds, RaceEnd.Futile);
            }
        }

        // A contender every one of whose groups has ended runs no further round: nothing it runs is judged.
        foreach (var entrant in _entrants.Where(e => e.Groups.Count > 0 && !e.Pinned && !_exits.ContainsKey(e.Name)
                     && e.Groups.All(g => _groupEnds.ContainsKey(g) || !_groups.Single(x => x.Name == g).MustDecide)
                     && e.Groups.Any(g => _groupEnds.ContainsKey(g))))
        {
            _exits[entrant.Name] = new RaceExit(RaceExitReason.Settled, Rounds);
        }

        var deciding = _groups.Where(g => g.MustDecide).ToArray();
        if (deciding.All(g => _groupEnds.ContainsKey(g.Name)))
        {
            End = deciding.All(g => _groupEnds[g.Name].End == RaceEnd.Decided) ? RaceEnd.Decided
                : deciding.All(g => _groupEnds[g.Name].End == RaceEnd.NoContenders) ? RaceEnd.NoContenders
                : deciding.Any(g => _groupEnds[g.Name].End == RaceEnd.Futile) ? RaceEnd.Futile
                : RaceEnd.NoContenders;
        }
        else if (Rounds >= _settings.MaximumRounds)
        {
            EndRace(RaceEnd.OutOfRounds);
        }
    }

    /// <summary>Ends the race and every group still open with it, for <paramref name="end"/>.</summary>
    private void EndRace(RaceEnd end)
    {
        foreach (var group in _groups.Where(g => g.MustDecide && !_groupEnds.ContainsKey(g.Name)))
        {
            // A group that raced on only for a member reaching for equivalence has its verdict: the member stays out.
            _groupEnds[group.Name] = new GroupEnd(Rounds, Rounds > 0 && Standing(group.Name) is { Kind: not VerdictKind.Undecided } ? RaceEnd.Decided : end);
        }

        End = end;
    }

    /// <summary>
    /// Whether every open pair of the group can still be decided by the horizon (asked from the second look on: the
    /// first look's spread is too rough to give up on): its chance of being decided there (<see cref="Decidability"/>)
    /// is at least <see cref="Decidability.FutileBelow"/>.
    /// </summary>
    private bool Decidable(GroupStanding standing)
    {
        var horizon = Math.Min(Horizon ?? _settings.MaximumRounds, _settings.MaximumRounds);
        if (horizon <= Rounds)
        {
            // No round left to decide in: the rounds or the budget end the race, and say which.
            return true;
        }

        foreach (var (name, _) in standing.Comparisons.Where(c => c.Value.Decision is not (PairDecision.Behind or PairDecision.Slower or PairDecision.Equivalent)))
        {
            var logs = LogStatistics.PairedLogs(_rounds[name], _rounds[standing.Leader]);
            if (logs.Length >= RaceSettings.FirstLook && Decidability.ChanceDecidedBy(logs, horizon, _settings) < Decidability.FutileBelow)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Whether <paramref name="member"/>, separably slower than its group's leader but estimated within the margin, races
    /// on to be shown equivalent: likely enough by the horizon (<see cref="Decidability.PursueEquivalenceFrom"/>). Sent out
    /// as slower, it would be out of the set in this run and, given the rounds, in another run's set: a row of two
    /// contenders a few percent apart would decide one way or the other by where the look happened to fall.
    /// </summary>
    private bool ReachesForEquivalence(GroupStanding standing, string member)
    {
        if (standing.Comparisons.GetValueOrDefault(member) is not { Decision: PairDecision.Slower } comparison
            || Math.Log(comparison.Ratio.Estimate) <= -_settings.LogMargin)
        {
            return false;
        }

        var horizon = Math.Min(Horizon ?? _settings.MaximumRounds, _settings.MaximumRounds);
        var logs = LogStatistics.PairedLogs(_rounds[member], _rounds[standing.Leader]);
        return Decidability.ChanceEquivalentBy(logs, horizon, _settings) >= Decidability.PursueEquivalenceFrom;
    }

    /// <summary>The unpinned entrants still running whose figure in one round is below <paramref name="fraction"/> of a leader of each of their groups.</summary>
    private string[] BelowFraction(IReadOnlyDictionary<string, double?> round, double fraction)
    {
        var leaders = _groups.ToDictionary(g => g.Name, g => Members(g).Select(n => round.GetValueOrDefault(n) ?? 0).DefaultIfEmpty(0).Max(), StringComparer.Ordinal);
        return [.. _entrants
            .Where(e => e.Groups.Count > 0 && !e.Pinned && !_exits.ContainsKey(e.Name))
            .Where(e => e.Groups.All(g => (round.GetValueOrDefault(e.Name) ?? 0) < fraction * leaders[g]))
            .Select(e => e.Name)];
    }

    private IEnumerable<string> Members(RaceGroup group) =>
        _entrants.Where(e => e.Groups.Contains(group.Name) && !_exits.ContainsKey(e.Name)).Select(e => e.Name);
}
