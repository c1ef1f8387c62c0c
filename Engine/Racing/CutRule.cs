namespace EventCommitLab.Engine.Racing;

/// <summary>
/// A screening cut (<see cref="ScreeningCut"/>): after the qualifying round, the rivals whose qualifying window is below
/// <see cref="StallRates.OneWindowDepth"/> of every member still racing in each of their groups; after the first race
/// round, those whose qualifying and first race windows are both below <see cref="StallRates.TwoWindowsDepth"/> of every
/// member's. A rival leaves when it is cut in every group it is judged in, each group spending the cut's size of its
/// error rate; a group too large for its rivals' cuts to fit in its error rate screens nobody
/// (<see cref="RaceSettings.Screens"/>).
/// </summary>
/// <param name="afterRounds">The race rounds after which it cuts: 0, the qualifying round; 1, the first race round.</param>
internal sealed class CutRule(int afterRounds) : IRaceRule
{
    private double Depth => afterRounds == 0 ? StallRates.OneWindowDepth : StallRates.TwoWindowsDepth;

    private double Size => afterRounds == 0 ? StallRates.OneWindow : StallRates.TwoWindows;

    public void Apply(RaceState state)
    {
        if (state.Rounds != afterRounds)
        {
            return;
        }

        IReadOnlyList<IReadOnlyDictionary<string, double?>> windows = afterRounds == 0 ? [state.Qualifying] : [state.Qualifying, state.RoundFigures(0)];
        var cuts = state.Groups.ToDictionary(
            g => g.Name,
            g => state.Settings.Screens(state.RivalsIn(g.Name))
                ? ScreeningCut.Cut(windows, [.. state.Members(g.Name)], n => state.Entrant(n).Pinned, Depth)
                : (IReadOnlyCollection<string>)[],
            StringComparer.Ordinal);
        foreach (var entrant in state.Entrants.Where(e => e.Groups.Count > 0 && state.IsRunning(e.Name) && e.Groups.All(g => cuts[g].Contains(e.Name))).ToArray())
        {
            state.Leave(entrant.Name, new RaceExit(RaceExitReason.Hopeless, afterRounds, entrant.Groups.ToDictionary(g => g, _ => Size, StringComparer.Ordinal)));
        }
    }
}
