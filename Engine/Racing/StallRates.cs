namespace EventCommitLab.Engine.Racing;

/// <summary>
/// How often a contender's window falls far below what its pairing with another contender usually gives, on our
/// machines: the sizes of the two cuts a race makes before its first look (<see cref="ScreeningCut"/>), each the 95%
/// upper bound on that frequency over the rounds of the runs committed when it was set. A cut is a test: it sends a
/// rival out as slower than every member still racing when its windows sit below these depths, and the chance that it
/// sends out one that is not slower is at most the frequency of such a stall. `-- stalls` measures them again from
/// the committed runs and says whether these bounds still hold (docs/method.md, *The cuts*).
/// </summary>
public static class StallRates
{
    /// <summary>
    /// The depth, as a fraction of a member's figure in the same window, below which the qualifying round alone sends a
    /// rival out (<see cref="OneWindow"/>).
    /// </summary>
    public const double OneWindowDepth = 1.0 / 20;

    /// <summary>
    /// The depth, as a fraction of a member's figure in the same windows, below which the qualifying round and the first
    /// race round together send a rival out (<see cref="TwoWindows"/>).
    /// </summary>
    public const double TwoWindowsDepth = 1.0 / 2;

    /// <summary>The chance, at most, that one qualifying window of a contender falls below <see cref="OneWindowDepth"/> of its usual ratio.</summary>
    public const double OneWindow = 0.00066;

    /// <summary>
    /// The chance, at most, that both the qualifying window and the first race window of a contender fall below
    /// <see cref="TwoWindowsDepth"/> of its usual ratio.
    /// </summary>
    public const double TwoWindows = 0.00045;

    /// <summary>What screening one rival spends of its row's error rate: both cuts' sizes.</summary>
    public const double PerRival = OneWindow + TwoWindows;
}
