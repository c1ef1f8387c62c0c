namespace EventCommitLab.Engine.Racing;

/// <summary>
/// How a cell's race decides. Every decision compares two contenders' paired rounds (the log of one's events/s over the
/// other's, round by round) with Student's t; a contender leaves the race once it is confidently more than
/// <see cref="Margin"/> behind, and two contenders are equivalent once two one-sided tests put their ratio within the
/// margin. The race looks at the data after the rounds in <see cref="Looks"/>, and spends the error rate over its looks
/// in proportion to the rounds each adds (a linear spending of α over the most rounds, bounded by Bonferroni's union:
/// the shares of the looks taken never sum past the error rate), so that looking after every block of rounds does not
/// raise the chance of a wrong decision, the late looks, where the close calls are decided, get the larger shares, and
/// a race the budget stops between two planned looks may still look once at the rounds it ran, spending the share
/// those rounds add.
/// </summary>
/// <param name="Margin">δ: two contenders whose ratio lies within [1 − δ, 1 / (1 − δ)] are equivalent; default 0.10.</param>
/// <param name="ErrorRate">α: the chance that one decision (behind, equivalent, separable) is wrong, over all looks; default 0.05.</param>
/// <param name="Looks">The numbers of race rounds after which the race decides, ascending; the last is the most a cell runs.</param>
/// <param name="HopelessFraction">
/// A contender below this fraction of its group's leader in the qualifying round (one round of every contender, not
/// part of the statistics) and again in the first race round leaves after that round (one below
/// <see cref="HopelessAtOnceFraction"/> in the qualifying round, after it); default one third.
/// </param>
public sealed record RaceSettings(double Margin, double ErrorRate, IReadOnlyList<int> Looks, double HopelessFraction)
{
    public const double DefaultMargin = 0.10;

    public const double DefaultErrorRate = 0.05;

    public const double DefaultHopelessFraction = 1.0 / 3;

    /// <summary>
    /// Below this fraction of its group's leader in the qualifying round a contender leaves at once, unconfirmed: where a
    /// load is a fixed amount of work (a wave) its turn takes as many leaders' turns as it is times slower, so the
    /// confirming round of the slowest is most of what confirming costs, and the deepest stall seen on our machines
    /// (the readmit run's first cell) left a contender well above it.
    /// </summary>
    public const double DefaultHopelessAtOnceFraction = 1.0 / 50;

    /// <summary>Below this fraction of its group's leader in the qualifying round a contender leaves at once; never above the hopeless fraction.</summary>
    public double HopelessAtOnceFraction => Math.Min(HopelessFraction, DefaultHopelessAtOnceFraction);

    /// <summary>
    /// The first look. After fewer rounds Student's t, at a look's share of the error rate and with the few degrees of
    /// freedom left, can only exit a contender the qualifying round's hopeless threshold already caught (after three
    /// rounds, one a third of the leader's figure): the share would be spent on nothing.
    /// </summary>
    public const int FirstLook = 6;

    public static RaceSettings Default(int maximumRounds) => new(DefaultMargin, DefaultErrorRate, LooksUpTo(maximumRounds), DefaultHopelessFraction);

    /// <summary>
    /// A suite's race: the main job's margin, error rate and looks, but nobody leaves after the qualifying round, so every
    /// contender runs at least to the first look and the suite's page has each one's figure with an interval.
    /// </summary>
    public static RaceSettings ForSuite(int maximumRounds) => Default(maximumRounds) with { HopelessFraction = 0 };

    public int MaximumRounds => Looks[^1];

    /// <summary>
    /// The share of the error rate spent at a look after <paramref name="rounds"/> race rounds: the rounds it adds to the
    /// planned look before it, over the most rounds (α·(n − m)/N). Over the planned looks the shares sum to α.
    /// </summary>
    public double ErrorRateAt(int rounds)
    {
        var at = Math.Clamp(rounds, 1, MaximumRounds);
        var before = Looks.Where(l => l < at).DefaultIfEmpty(0).Max();
        return ErrorRate * (at - before) / MaximumRounds;
    }

    /// <summary>The margin on the log scale: ln(1 / (1 − δ)), symmetric for either contender over the other.</summary>
    public double LogMargin => -Math.Log(1 - Margin);

    /// <summary>
    /// Looks twice as far apart each time (6, 12, 24, 48, ...) up to <paramref name="maximumRounds"/>, which is always
    /// the last: few looks keep each one's share of the error rate large, and the close calls, which need many rounds,
    /// are looked at when they can have them.
    /// </summary>
    public static IReadOnlyList<int> LooksUpTo(int maximumRounds)
    {
        if (maximumRounds < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(maximumRounds), maximumRounds, "A race needs at least one round.");
        }

        var looks = new List<int>();
        for (var look = Math.Min(FirstLook, maximumRounds); look < maximumRounds; look *= 2)
        {
            looks.Add(look);
        }

        // A last look just after the one before it would spend its share of the error rate on a few more rounds.
        if (looks.Count > 0 && maximumRounds < looks[^1] * 3 / 2)
        {
            looks.RemoveAt(looks.Count - 1);
        }

        looks.Add(maximumRounds);
        return looks;
    }
}
