namespace EventCommitLab.Engine.Racing;

/// <summary>What a race knows at a moment, and the few things its rules may do to it: send a contender out, end a group, end the race.</summary>
internal sealed class RaceState
{
    private readonly Dictionary<string, RaceEntrant> _entrants;
    private readonly Dictionary<string, RaceGroup> _groups;
    private readonly Dictionary<string, List<double?>> _rounds = new(StringComparer.Ordinal);
    private readonly Dictionary<string, double?> _qualifying = new(StringComparer.Ordinal);
    private readonly Dictionary<string, RaceExit> _exits = new(StringComparer.Ordinal);
    private readonly Dictionary<string, GroupEnd> _groupEnds = new(StringComparer.Ordinal);

    public RaceState(IReadOnlyList<RaceEntrant> entrants, IReadOnlyList<RaceGroup> groups, RaceSettings settings)
    {
        Entrants = entrants;
        Groups = groups;
        Settings = settings;
        _entrants = entrants.ToDictionary(e => e.Name, StringComparer.Ordinal);
        _groups = groups.ToDictionary(g => g.Name, StringComparer.Ordinal);
        foreach (var entrant in entrants)
        {
            _rounds[entrant.Name] = [];
        }
    }

    public IReadOnlyList<RaceEntrant> Entrants { get; }

    public IReadOnlyList<RaceGroup> Groups { get; }

    public RaceSettings Settings { get; }

    /// <summary>Race rounds recorded (the qualifying round not counted).</summary>
    public int Rounds { get; private set; }

    public bool Qualified { get; private set; }

    /// <summary>The last round the caller can still pay for, when fewer than the settings allow.</summary>
    public int? Horizon { get; set; }

    public RaceEnd? End { get; set; }

    /// <summary>The figures of the round just recorded (the qualifying round, or the last race round).</summary>
    public IReadOnlyDictionary<string, double?> LastRound { get; private set; } = new Dictionary<string, double?>();

    public IReadOnlyDictionary<string, double?> Qualifying => _qualifying;

    public IReadOnlyDictionary<string, RaceExit> Exits => _exits;

    public IReadOnlyDictionary<string, GroupEnd> GroupEnds => _groupEnds;

    public RaceEntrant Entrant(string name) => _entrants[name];

    public bool MustDecide(string group) => _groups[group].MustDecide;

    public bool IsRunning(string name) => !_exits.ContainsKey(name);

    public IReadOnlyList<string> Running => [.. Entrants.Select(e => e.Name).Where(IsRunning)];

    /// <summary>The members of a group still running, in the entrants' order.</summary>
    public IEnumerable<string> Members(string group) => Entrants.Where(e => e.Groups.Contains(group) && IsRunning(e.Name)).Select(e => e.Name);

    /// <summary>A group's rivals: its members less one, fixed before the race, which its error rate is shared over.</summary>
    public int RivalsIn(string group) => Math.Max(0, Entrants.Count(e => e.Groups.Contains(group)) - 1);

    public IReadOnlyList<double?> RoundsOf(string name) => _rounds[name];

    /// <summary>Every entrant's figure in race round <paramref name="index"/> (0 the first), null where it did not run.</summary>
    public IReadOnlyDictionary<string, double?> RoundFigures(int index) =>
        _rounds.ToDictionary(r => r.Key, r => index < r.Value.Count ? r.Value[index] : null, StringComparer.Ordinal);

    public void RecordQualifying(IReadOnlyDictionary<string, double?> figures)
    {
        Qualified = true;
        foreach (var name in Running)
        {
            _qualifying[name] = figures.GetValueOrDefault(name);
        }

        LastRound = Running.ToDictionary(n => n, n => _qualifying[n], StringComparer.Ordinal);
    }

    public void RecordRound(IReadOnlyDictionary<string, double?> figures)
    {
        var running = Running.ToHashSet(StringComparer.Ordinal);
        Rounds++;
        foreach (var (name, rounds) in _rounds)
        {
            rounds.Add(running.Contains(name) ? figures.GetValueOrDefault(name) : null);
        }

        LastRound = running.ToDictionary(n => n, n => _rounds[n][^1], StringComparer.Ordinal);
    }

    public void Leave(string name, RaceExit exit) => _exits.TryAdd(name, exit);

    public void EndGroup(string group, RaceEnd end) => _groupEnds.TryAdd(group, new GroupEnd(Rounds, end));

    /// <summary>Ends the race and every group still open with it, for <paramref name="end"/>.</summary>
    public void EndRace(RaceEnd end)
    {
        foreach (var group in Groups.Where(g => g.MustDecide && !_groupEnds.ContainsKey(g.Name)))
        {
            // A group that raced on only for a member reaching for equivalence has its verdict: the member stays out.
            var decided = Rounds > 0 && StandingOver(group.Name, Rounds, pursuit: null) is { Kind: not VerdictKind.Undecided };
            _groupEnds[group.Name] = new GroupEnd(Rounds, decided ? RaceEnd.Decided : end);
        }

        End = end;
    }

    /// <summary>
    /// A group's standing: while it is open, over every round with what the race can still spend; once it has ended, over
    /// the rounds it ended with.
    /// </summary>
    public GroupStanding? Standing(string group)
    {
        if (_groupEnds.TryGetValue(group, out var end))
        {
            return StandingOver(group, end.Rounds, pursuit: null);
        }

        return MustDecide(group) && PursuitIn(group) is { } pursuit ? StandingOver(group, Rounds, pursuit) : StandingOver(group, Rounds, pursuit: null);
    }

    /// <summary>What the race can still spend on a group: the last round it can pay for, and the look's share there; null when no round is left.</summary>
    public Pursuit? PursuitIn(string group)
    {
        var horizon = Math.Min(Horizon ?? Settings.MaximumRounds, Settings.MaximumRounds);
        return horizon <= Rounds ? null : new Pursuit(horizon, Settings.LookErrorRate(horizon, RivalsIn(group)));
    }

    private GroupStanding? StandingOver(string group, int rounds, Pursuit? pursuit)
    {
        var members = Entrants.Where(e => e.Groups.Contains(group) && !(_exits.GetValueOrDefault(e.Name) is { Reason: RaceExitReason.Failed } failed && failed.AfterRounds <= rounds))
            .Select(e => new GroupMember(e.Name, _rounds[e.Name], _qualifying.GetValueOrDefault(e.Name), _exits.GetValueOrDefault(e.Name)))
            .ToArray();
        var lookErrorRate = MustDecide(group) ? Settings.LookErrorRate(rounds, RivalsIn(group)) : Settings.ErrorRateAt(rounds);
        return GroupStanding.Of(members, group, rounds, lookErrorRate, Settings, pursuit);
    }
}
