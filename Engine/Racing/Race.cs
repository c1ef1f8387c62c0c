namespace EventCommitLab.Engine.Racing;

/// <summary>
/// One cell's race (F-Race's shape), as a list of rules: a qualifying round of every contender, after which the screening
/// cut sends out the rivals far below every member of their groups; a first race round, after which the second cut does;
/// then race rounds, and at each planned look the rivals separably slower than every member still in contention leave,
/// and each group ends once it has its verdict, can no longer decide, or the rounds or the budget run out. Each row's
/// verdict errs with at most its error rate over every decision it rests on (<see cref="RaceSettings"/>). The caller
/// measures; the race only says who runs next and when to stop.
/// </summary>
public sealed class Race
{
    /// <summary>After the qualifying round: the failed leave, then the cut on one window.</summary>
    private static readonly IReadOnlyList<IRaceRule> AfterQualifying = [new FailedTurnRule(), new CutRule(afterRounds: 0), new NoContendersRule()];

    /// <summary>After every race round: the failed leave; after the first, the cut on two windows.</summary>
    private static readonly IReadOnlyList<IRaceRule> AfterRound = [new FailedTurnRule(), new CutRule(afterRounds: 1)];

    /// <summary>At a look, in this order.</summary>
    private static readonly IReadOnlyList<IRaceRule> AtLook =
        [new ReferenceRule(), new SeparatedRule(), new OutrunRule(), new GroupEndRule(), new SettledRule(), new RaceEndRule()];

    private readonly RaceState _state;

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

        _state = new RaceState(entrants, groups, settings);
    }

    public RaceSettings Settings => _state.Settings;

    public IReadOnlyList<RaceEntrant> Entrants => _state.Entrants;

    /// <summary>Race rounds recorded (the qualifying round not counted).</summary>
    public int Rounds => _state.Rounds;

    /// <summary>Who runs the next round, in the entrants' order.</summary>
    public IReadOnlyList<string> Running => _state.Running;

    public RaceEnd? End => _state.End;

    /// <summary>
    /// The last race round the caller can still pay for, when fewer than the settings allow; the race stops as futile
    /// when a pair it still needs could not be decided by then. Null: the settings' most rounds.
    /// </summary>
    public int? Horizon
    {
        get => _state.Horizon;
        set => _state.Horizon = value;
    }

    public bool Finished => End is not null;

    public IReadOnlyDictionary<string, RaceExit> Exits => _state.Exits;

    /// <summary>The groups that must decide and have ended: decided, futile, or ended with the race.</summary>
    public IReadOnlyDictionary<string, GroupEnd> GroupEnds => _state.GroupEnds;

    /// <summary>The race rounds a group is judged over: those it ended with, or every round while it is open.</summary>
    public int JudgedRounds(string group) => _state.GroupEnds.TryGetValue(group, out var end) ? end.Rounds : Rounds;

    /// <summary>A group's rivals (its members less one), which its error rate is shared over.</summary>
    public int RivalsIn(string group) => _state.RivalsIn(group);

    /// <summary>Rounds to run before the race may decide again: the qualifying round first, then up to the next look.</summary>
    public int RoundsToNextLook => Finished ? 0 : !_state.Qualified ? 1 : Settings.Looks.First(l => l > Rounds) - Rounds;

    public double? QualifyingFigure(string name) => _state.Qualifying.GetValueOrDefault(name);

    /// <summary>An entrant's race rounds, null where it did not run (it had left, or its round failed).</summary>
    public IReadOnlyList<double?> RoundsOf(string name) => _state.RoundsOf(name);

    /// <summary>The qualifying round: its figures are part of no statistic; the failed leave, and the first cut is made.</summary>
    public void RecordQualifying(IReadOnlyDictionary<string, double?> figures)
    {
        ArgumentNullException.ThrowIfNull(figures);
        if (_state.Qualified)
        {
            throw new InvalidOperationException("The qualifying round is recorded once, before the race rounds.");
        }

        _state.RecordQualifying(figures);
        Apply(AfterQualifying);
    }

    /// <summary>One race round; at a planned look, the race decides who leaves and whether it is over.</summary>
    public void RecordRound(IReadOnlyDictionary<string, double?> figures)
    {
        ArgumentNullException.ThrowIfNull(figures);
        if (!_state.Qualified || Finished)
        {
            throw new InvalidOperationException(Finished ? "The race is over." : "The qualifying round comes first.");
        }

        _state.RecordRound(figures);
        Apply(AfterRound);
        if (Settings.Looks.Contains(Rounds))
        {
            Apply(AtLook);
        }
    }

    /// <summary>The budget cannot pay for the rounds to the next look: the race ends where it stands.</summary>
    public void StopForBudget()
    {
        if (!Finished)
        {
            _state.EndRace(RaceEnd.OutOfBudget);
        }
    }

    /// <summary>
    /// The budget stopped the race between two planned looks, after rounds it could still pay for: the race looks once
    /// more, at those rounds (spending the share of the error rate they add, <see cref="RaceSettings.LookErrorRate"/>),
    /// and ends there.
    /// </summary>
    public void TakeFinalLook()
    {
        if (Finished)
        {
            return;
        }

        if (!Settings.Looks.Contains(Rounds) && Rounds > 0)
        {
            Apply(AtLook);
        }

        StopForBudget();
    }

    /// <summary>
    /// A group's standing: while it is open, over every race round; once it has ended, over the rounds it ended with, of
    /// the members still racing then and those that left by a decision before.
    /// </summary>
    public GroupStanding? Standing(string group) => _state.Standing(group);

    private void Apply(IReadOnlyList<IRaceRule> rules)
    {
        foreach (var rule in rules)
        {
            if (Finished)
            {
                return;
            }

            rule.Apply(_state);
        }
    }
}
