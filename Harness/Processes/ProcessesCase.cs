using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Processes;

/// <summary>One strategy in one workload with its committers in one layout of writer processes, over every round.</summary>
/// <param name="Commands">The command mode of aggregate commands on the hot aggregates; for plain commits, not used.</param>
/// <param name="Processes">Writer processes sharing the log (and, for aggregate commands, the aggregates).</param>
/// <param name="CommittersEach">Committers in each.</param>
/// <param name="Rounds">Each round's tally, all processes added up; in round order.</param>
/// <param name="Failure">Why a round could not run; the rounds before it are kept.</param>
/// <param name="Method">Aggregate commands on the hot aggregates (runs recorded before plain commits were measured have only these), or plain commits.</param>
/// <param name="EventsPerCommit">Events in each commit.</param>
internal sealed record ProcessesCase(
    string Strategy, CommandMode Commands, int Processes, int CommittersEach, IReadOnlyList<WriterTally> Rounds, string? Failure = null,
    BenchmarkMethod Method = BenchmarkMethod.CommitAggregateEvents, int EventsPerCommit = 1)
{
    /// <summary>All rounds added up.</summary>
    public WriterTally Total => new(
        Rounds.Sum(r => r.Commits), Rounds.Sum(r => r.Events), Rounds.Sum(r => r.Conflicts), Rounds.Sum(r => r.Retries), Rounds.Sum(r => r.GivenUp), Rounds.Sum(r => r.Seconds),
        WriterTally.SumOfAll(Rounds.Select(r => r.Deadlocks)), WriterTally.SumOfAll(Rounds.Select(r => r.StrategyRetries)));

    /// <summary>How the page names its workload.</summary>
    public string Workload => ProcessesWorkload.LabelOf(Method, EventsPerCommit, Commands);
}
