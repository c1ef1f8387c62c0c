namespace EventCommitLab.Harness.Racing;

/// <summary>
/// One cell's race (F-Race's shape): a qualifying round of every contender, after which the hopeless leave; then race
/// rounds, and at each planned look the contenders separably slower than the leader of every group they are judged in
/// leave (most of them confidently more than the margin behind), and the race ends once every group that must decide
/// has a verdict, or the rounds or the budget run out. The caller measures; the race only says who runs next and when to stop.
/// </summary>
public sealed class Race
{
    private readonly IReadOnlyList<RaceEntrant> _entrants;
    private readonly IReadOnlyList<RaceGroup> _groups;
    private readonly RaceSettings _settings;
    private readonly Dictionary<string, double?> _qualifying = new(StringComparer.Ordinal);
    private readonly Dictionary<string, List<double?>> _rounds = new(StringComparer.Ordinal);
    private readonly Dictionary<string, RaceExit> _exits = new(StringComparer.Ordinal);
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

    /// <summary>Rounds to run before the race may decide again: the qualifying round first, then up to the next look.</summary>
    public int RoundsToNextLook => Finished ? 0 : !_qualified ? 1 : _settings.Looks.First(l => l > Rounds) - Rounds;

    public double? QualifyingFigure(string name) => _qualifying.GetValueOrDefault(name);

    /// <summary>An entrant's race rounds, null where it did not run (it had left, or its round failed).</summary>
    public IReadOnlyList<double?> RoundsOf(string name) => _rounds[name];

    /// <summary>The qualifying round: its figures are not part of any statistic; the hopeless and the failed leave.</summary>
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

        var leaders = _groups.ToDictionary(g => g.Name, g => Members(g).Select(n => _qualifying[n] ?? 0).DefaultIfEmpty(0).Max(), StringComparer.Ordinal);
        foreach (var entrant in _entrants.Where(e => e.Groups.Count > 0 && !e.Pinned && !_exits.ContainsKey(e.Name)))
        {
            if (entrant.Groups.All(g => _qualifying[entrant.Name] < _settings.HopelessFraction * leaders[g]))
            {
                _exits[entrant.Name] = new RaceExit(RaceExitReason.Hopeless, 0);
            }
        }

        if (_groups.Where(g => g.MustDecide).All(g => !Members(g).Any()))
        {
            End = RaceEnd.NoContenders;
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

        if (_settings.Looks.Contains(Rounds))
        {
            Decide();
        }
    }

    /// <summary>The budget cannot pay for the rounds to the next look: the race ends where it stands.</summary>
    public void StopForBudget() => End ??= RaceEnd.OutOfBudget;

    /// <summary>The standing of a group's entrants still running, over their race rounds.</summary>
    public GroupStanding? Standing(string group) =>
        GroupStanding.Of(Members(_groups.Single(g => g.Name == group)).ToDictionary(n => n, n => (IReadOnlyList<double?>)_rounds[n], StringComparer.Ordinal), _settings);

    private void Decide()
    {
        foreach (var reference in _entrants.Where(e => e.Groups.Count == 0 && !_exits.ContainsKey(e.Name)))
        {
            _exits[reference.Name] = new RaceExit(RaceExitReason.Reference, Rounds);
        }

        var standings = _groups.ToDictionary(g => g.Name, g => Standing(g.Name), StringComparer.Ordinal);
        foreach (var entrant in _entrants.Where(e => e.Groups.Count > 0 && !e.Pinned && !_exits.ContainsKey(e.Name)))
        {
            if (entrant.Groups.All(g => standings[g]?.Comparisons.GetValueOrDefault(entrant.Name)?.Decision is PairDecision.Behind or PairDecision.Slower))
            {
                _exits[entrant.Name] = new RaceExit(RaceExitReason.Behind, Rounds);
            }
        }

        // A group that need not decide goes on with its leader alone from its second look: by then a member left
        // undecided against the leader is close to it, and three rounds would pick the leader by chance too often.
        foreach (var group in _groups.Where(g => !g.MustDecide && Rounds > _settings.Looks[0]))
        {
            foreach (var member in Members(group).Where(m => m != standings[group.Name]?.Leader && _entrants.Single(e => e.Name == m) is { Groups.Count: 1, Pinned: false }).ToArray())
            {
                _exits[member] = new RaceExit(RaceExitReason.Outrun, Rounds);
            }
        }

        var deciding = _groups.Where(g => g.MustDecide).ToArray();
        if (deciding.All(g => !Members(g).Any()))
        {
            End = RaceEnd.NoContenders;
        }
        else if (deciding.All(g => Standing(g.Name) is not { Kind: VerdictKind.Undecided }))
        {
            End = RaceEnd.Decided;
        }
        else if (Rounds >= _settings.MaximumRounds)
        {
            End = RaceEnd.OutOfRounds;
        }
        else if (Rounds > _settings.Looks[0] && deciding.Any(g => Standing(g.Name) is { Kind: VerdictKind.Undecided } standing && !Decidable(standing)))
        {
            End = RaceEnd.Futile;
        }
    }

    /// <summary>
    /// Whether every open pair of the group could still be decided by the horizon (asked from the second look on: the
    /// first look's spread, from three rounds, is too rough to give up on): were its mean and spread to stay as
    /// they are, the interval after the horizon's rounds would show it equivalent, separable or behind.
    /// </summary>
    private bool Decidable(GroupStanding standing)
    {
        var horizon = Math.Min(Horizon ?? _settings.MaximumRounds, _settings.MaximumRounds);
        if (horizon <= Rounds)
        {
            return false;
        }

        var alpha = _settings.ErrorRateAt(horizon);
        var margin = _settings.LogMargin;
        foreach (var (name, comparison) in standing.Comparisons.Where(c => c.Value.Decision is not (PairDecision.Behind or PairDecision.Slower or PairDecision.Equivalent)))
        {
            var logs = LogStatistics.PairedLogs(_rounds[name], _rounds[standing.Leader]);
            if (logs.Length < RaceSettings.FirstLook)
            {
                return true;
            }

            var (mean, error, _) = LogStatistics.MeanAndError(logs);
            var spread = error!.Value * Math.Sqrt(logs.Length) / Math.Sqrt(horizon);
            var oneSided = LogStatistics.StudentQuantile(LogStatistics.Degrees(horizon), alpha) * spread;
            var twoSided = LogStatistics.StudentQuantile(LogStatistics.Degrees(horizon), alpha / 2) * spread;
            var distance = Math.Abs(mean);
            if (distance + oneSided >= margin && distance - twoSided <= 0)
            {
                return false;
            }
        }

        return true;
    }

    private IEnumerable<string> Members(RaceGroup group) =>
        _entrants.Where(e => e.Groups.Contains(group.Name) && !_exits.ContainsKey(e.Name)).Select(e => e.Name);
}
