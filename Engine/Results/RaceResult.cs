namespace EventCommitLab.Engine.Results;

/// <summary>How one contender ran in its cell's race: its rate, its rounds, and where it stands against the ceiling and the leader.</summary>
/// <param name="EventsPerSecond">Trimmed geometric mean of its race rounds with a 95% interval (Yuen) (runs made before the race: the median of its rounds); its qualifying round alone when it ran no race round.</param>
/// <param name="RoundEventsPerSecond">Events/s of each race round in race order; null for a round the contender did not run (it had left the race, or failed).</param>
/// <param name="Rounds">Race rounds measured.</param>
/// <param name="StoppedEarly">Left the race before its end (<paramref name="Exit"/> says when and why).</param>
/// <param name="RatioToCeiling">Events/s over the ceiling's (round by round the fastest raw writer still racing), paired per round, with its 95% interval.</param>
/// <param name="IsBest">The leader of the cell's race among every strategy judged (the ceiling and references excluded).</param>
/// <param name="TiedWithBest">In the leader's verdict set: equivalent to it, or still undecided against it.</param>
/// <param name="QualifyingEventsPerSecond">Its qualifying round (every contender, the readers following; not in any statistic); null in runs made before the race.</param>
/// <param name="Exit">Why and after how many race rounds it left the race; null when it ran to the end, or in runs made before the race.</param>
public sealed record RaceResult(
    Interval? EventsPerSecond,
    IReadOnlyList<double?> RoundEventsPerSecond,
    int Rounds,
    bool StoppedEarly,
    Interval? RatioToCeiling,
    bool IsBest,
    bool TiedWithBest,
    double? QualifyingEventsPerSecond,
    Racing.RaceExit? Exit)
{
    /// <summary>No round run: a case the harness could not measure.</summary>
    public static RaceResult None { get; } = new(null, [], 0, false, null, false, false, null, null);

    /// <summary>The rounds a contender ran, before the cell's statistics judge them.</summary>
    public static RaceResult Unjudged(double? qualifying, IReadOnlyList<double?> rounds, Racing.RaceExit? exit)
    {
        ArgumentNullException.ThrowIfNull(rounds);
        return new RaceResult(null, [.. rounds], rounds.Count(r => r is not null), exit is not null, null, false, false, qualifying, exit);
    }
}
