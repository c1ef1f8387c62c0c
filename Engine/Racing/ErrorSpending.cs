namespace EventCommitLab.Engine.Racing;

/// <summary>How a comparison's error rate is spent over the looks of its race.</summary>
public enum ErrorSpending
{
    /// <summary>
    /// Runs made before the sequential boundary: each look tested at its own share of the error rate (the rounds it
    /// adds over the most), the looks' shares summed (Bonferroni's union over looks, blind to their correlation).
    /// </summary>
    PerLook,

    /// <summary>
    /// Each look's boundary set so that the chance of crossing it or any look's before it is the share of the rounds
    /// run so far (<see cref="SequentialBoundary"/>): the same spending, with the looks' correlation counted, so every
    /// look after the first tests at a larger level than its share.
    /// </summary>
    Sequential,
}
