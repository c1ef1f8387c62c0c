namespace EventCommitLab.Engine.Racing;

/// <summary>
/// How a cell's race decides. Every decision compares two contenders' paired rounds (the log of one's events/s over the
/// other's, round by round) with Student's t; a contender leaves the race once it is separably slower than every member
/// still in contention, and two contenders are equivalent once two one-sided tests put their ratio within the margin.
/// <see cref="ErrorRate"/> bounds the chance that a row's verdict is wrong in any of the decisions it rests on: the
/// screening cuts spend a fixed share per rival (<see cref="StallRates"/>); the rest is shared by Holm's step-down over
/// the row's open comparisons (a comparison decided passes its part on to those still open, at that look and every one
/// after), and each comparison spends its part over the looks in proportion to the rounds run (<see cref="Spending"/>),
/// so rivals far behind cost the close calls almost nothing, and a race the budget stops between two planned looks may
/// still look once at the rounds it ran, spending what those rounds add.
/// </summary>
/// <param name="Margin">δ: two contenders whose ratio lies within [1 − δ, 1 / (1 − δ)] are equivalent; default 0.10.</param>
/// <param name="ErrorRate">α: the chance that one row's verdict is wrong in any decision it rests on, over all looks; default 0.05.</param>
/// <param name="Looks">The numbers of race rounds after which the race decides, ascending; the last is the most a cell runs.</param>
/// <param name="Screening">
/// Whether the cuts (<see cref="ScreeningCut"/>) may send a rival out after the qualifying round or the first race round;
/// a suite's race screens nobody.
/// </param>
/// <param name="Spending">
/// How a comparison's part is spent over the looks: by the sequential boundary (<see cref="ErrorSpending.Sequential"/>), or,
/// in runs made before it, each look at its own share (<see cref="ErrorSpending.PerLook"/>).
/// </param>
public sealed record RaceSettings(double Margin, double ErrorRate, IReadOnlyList<int> Looks, bool Screening, ErrorSpending Spending = ErrorSpending.Sequential)
{
    public const double DefaultMargin = 0.10;

    public const double DefaultErrorRate = 0.05;

    /// <summary>
    /// The first look. After fewer rounds Student's t, at a look's share of the error rate and with the few degrees of
    /// freedom left, can only exit a contender the screening cuts already caught: the share would be spent on nothing.
    /// </summary>
    public const int FirstLook = 6;

    public static RaceSettings Default(int maximumRounds) => new(DefaultMargin, DefaultErrorRate, LooksUpTo(maximumRounds), Screening: true);

    /// <summary>
    /// A suite's race: the main job's margin, error rate and looks, but nobody is screened, so every contender runs at
    /// least to the first look and the suite's page has each one's figure with an interval.
    /// </summary>
    public static RaceSettings ForSuite(int maximumRounds) => Default(maximumRounds) with { Screening = false };

    public int MaximumRounds => Looks[^1];

    /// <summary>
    /// The error rate a lone comparison (a row that screens no rival) is judged at by the look after
    /// <paramref name="rounds"/> race rounds: the whole of it, spent over the looks by <see cref="TestLevel"/>; in runs
    /// made before, the look's own share, the rounds it adds to the planned look before it over the most rounds
    /// (α·(n − m)/N), the shares of the planned looks summing to α.
    /// </summary>
    public double ErrorRateAt(int rounds) => Spending == ErrorSpending.Sequential ? ErrorRate : ErrorRate * LookFraction(rounds);

    /// <summary>
    /// The part of a row's error rate its comparisons still open at the look after <paramref name="rounds"/> race rounds
    /// share, for a row of <paramref name="rivals"/> (its members less one): what the screening cuts did not spend (in
    /// runs made before, its share of the look, as <see cref="ErrorRateAt"/>).
    /// </summary>
    public double LookErrorRate(int rounds, int rivals) =>
        (ErrorRate - ScreeningErrorRate(rivals)) * (Spending == ErrorSpending.Sequential ? 1 : LookFraction(rounds));

    /// <summary>
    /// The one-sided level a test of a comparison given <paramref name="errorRate"/> runs at, at the look after
    /// <paramref name="rounds"/> race rounds: the sequential boundary's over the planned looks before it and this one
    /// (<see cref="SequentialBoundary"/>); in runs made before, the error rate itself, already the look's share.
    /// </summary>
    public double TestLevel(double errorRate, int rounds) =>
        Spending == ErrorSpending.Sequential ? SequentialBoundary.Level(errorRate, LooksTo(rounds), MaximumRounds) : errorRate;

    /// <summary>The looks a comparison has had by the look after <paramref name="rounds"/>: the planned ones before it, and it.</summary>
    public IReadOnlyList<int> LooksTo(int rounds)
    {
        var at = Math.Max(rounds, 1);
        return [.. Looks.Where(l => l < Math.Min(at, MaximumRounds)), at];
    }

    /// <summary>
    /// Whether a row of <paramref name="rivals"/> is screened by the cuts before its first look: a suite's race screens
    /// nobody (<see cref="Screening"/>), and a row so large that its rivals' cuts would spend more than a quarter
    /// of its error rate is not screened either.
    /// </summary>
    public bool Screens(int rivals) => Screening && rivals > 0 && rivals * StallRates.PerRival <= ErrorRate / 4;

    /// <summary>What the screening cuts spend of a row's error rate: each cut's size, for each of its <paramref name="rivals"/>.</summary>
    public double ScreeningErrorRate(int rivals) => Screens(rivals) ? rivals * StallRates.PerRival : 0;

    private double LookFraction(int rounds)
    {
        var at = Math.Clamp(rounds, 1, MaximumRounds);
        var before = Looks.Where(l => l < at).DefaultIfEmpty(0).Max();
        return (at - before) / (double)MaximumRounds;
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
