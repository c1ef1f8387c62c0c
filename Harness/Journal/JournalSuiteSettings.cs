namespace EventCommitLab.Harness.Journal;

/// <summary>The journal suite's sizes.</summary>
/// <param name="Messages">The original's eventsCount: events per iteration of Persist, PersistAll, PersistAsync, PersistAllAsync and of each recovered stream; the group workloads derive theirs from it as the original does.</param>
/// <param name="Iterations">Measured iterations per workload, every contender once per iteration, in rotated order.</param>
/// <param name="Warmups">Unmeasured iterations before them.</param>
/// <param name="IterationLimit">Past this, a contender's iteration is stopped and the contender leaves the workload, reported as timed out.</param>
public sealed record JournalSuiteSettings(int Messages, int Iterations, int Warmups, TimeSpan IterationLimit)
{
    public static JournalSuiteSettings Full { get; } = new(1_000, 5, 1, TimeSpan.FromSeconds(15));

    public static JournalSuiteSettings Quick { get; } = new(100, 2, 1, TimeSpan.FromSeconds(30));
}
