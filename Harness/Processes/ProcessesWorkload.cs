using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Processes;

/// <summary>
/// What the processes suite's writers commit in a case: commands on the hot aggregates every process shares, in a
/// command mode, or plain commits of each committer's own, which share nothing but the log and its counter.
/// </summary>
/// <param name="Aggregates">The shared aggregates; none for plain commits.</param>
internal sealed record ProcessesWorkload(BenchmarkMethod Method, int EventsPerCommit, int Aggregates, CommandMode Commands)
{
    /// <summary>Events in each plain commit: large enough that a batch of the pipeline's holds hundreds of them.</summary>
    public const int PlainEventsPerCommit = 100;

    /// <summary>The methods the suite runs: aggregate commands on the hot aggregates, and plain commits.</summary>
    public static IReadOnlyList<BenchmarkMethod> Methods { get; } = [BenchmarkMethod.CommitAggregateEvents, BenchmarkMethod.CommitEvents];

    public static ProcessesWorkload OnHotAggregates(int aggregates, CommandMode commands) => new(BenchmarkMethod.CommitAggregateEvents, 1, aggregates, commands);

    public static ProcessesWorkload Plain { get; } = new(BenchmarkMethod.CommitEvents, PlainEventsPerCommit, 0, CommandMode.Optimistic);

    /// <summary>How the page names it: the command mode, or the plain commits' size.</summary>
    public string Label => LabelOf(Method, EventsPerCommit, Commands);

    public static string LabelOf(BenchmarkMethod method, int eventsPerCommit, CommandMode commands) =>
        method == BenchmarkMethod.CommitEvents
            ? string.Create(System.Globalization.CultureInfo.InvariantCulture, $"plain, {eventsPerCommit} events")
            : commands.ToString().ToLowerInvariant();
}
