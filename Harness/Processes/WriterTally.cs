namespace EventCommitLab.Harness.Processes;

/// <summary>What one measuring writer process counted in its window, as it prints it on its last line.</summary>
/// <param name="Commits">Commands acknowledged inside the window.</param>
/// <param name="Events">Their events.</param>
/// <param name="Conflicts">Commits that conflicted inside the window (each wrote nothing).</param>
/// <param name="Retries">Commands tried again after a conflict.</param>
/// <param name="GivenUp">Commands given up after the retry bound.</param>
/// <param name="Seconds">The window's length as the process measured it.</param>
/// <param name="Deadlocks">
/// Deadlocks the store broke among the round's writers, from their start to their end (not the window alone), as the
/// parent reads them from the store; null where the store counts none, and in what a process prints.
/// </param>
/// <param name="StrategyRetries">
/// What the strategy itself wrote again inside the window (a numbered batch the store refused, then numbered by the
/// store; a transient failure), apart from the commands' <paramref name="Retries"/>; null in runs made before it was counted.
/// </param>
internal sealed record WriterTally(long Commits, long Events, long Conflicts, long Retries, long GivenUp, double Seconds, long? Deadlocks = null, long? StrategyRetries = null)
{
    /// <summary>Several processes' windows, side by side over the same seconds: their counts add up, the window is the longest.</summary>
    public static WriterTally Sum(IReadOnlyCollection<WriterTally> tallies)
    {
        ArgumentNullException.ThrowIfNull(tallies);
        return new WriterTally(
            tallies.Sum(t => t.Commits), tallies.Sum(t => t.Events), tallies.Sum(t => t.Conflicts), tallies.Sum(t => t.Retries), tallies.Sum(t => t.GivenUp),
            tallies.Count == 0 ? 0 : tallies.Max(t => t.Seconds), StrategyRetries: SumOfAll(tallies.Select(t => t.StrategyRetries)));
    }

    /// <summary>The sum of <paramref name="counts"/>; null when any of them was not counted.</summary>
    public static long? SumOfAll(IEnumerable<long?> counts)
    {
        ArgumentNullException.ThrowIfNull(counts);
        long sum = 0;
        foreach (var count in counts)
        {
            if (count is not { } value)
            {
                return null;
            }

            sum += value;
        }

        return sum;
    }

    public double EventsPerSecond => Seconds > 0 ? Events / Seconds : 0;
}
