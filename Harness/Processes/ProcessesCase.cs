using EventCommitLab.Engine.Results;

namespace EventCommitLab.Harness.Processes;

/// <summary>One strategy in one command mode with its committers in one layout of writer processes, over every round.</summary>
/// <param name="Processes">Writer processes sharing the aggregates.</param>
/// <param name="CommittersEach">Committers in each.</param>
/// <param name="Rounds">Each round's tally, all processes added up; in round order.</param>
/// <param name="Failure">Why a round could not run; the rounds before it are kept.</param>
internal sealed record ProcessesCase(
    string Strategy, CommandMode Commands, int Processes, int CommittersEach, IReadOnlyList<WriterTally> Rounds, string? Failure = null)
{
    /// <summary>All rounds added up.</summary>
    public WriterTally Total => new(
        Rounds.Sum(r => r.Commits), Rounds.Sum(r => r.Events), Rounds.Sum(r => r.Conflicts), Rounds.Sum(r => r.Retries), Rounds.Sum(r => r.GivenUp), Rounds.Sum(r => r.Seconds));
}
