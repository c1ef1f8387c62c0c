namespace EventCommitLab.Engine.Results;

/// <summary>How a contended cell's committers run their commands on the aggregates they share.</summary>
public enum CommandMode
{
    /// <summary>
    /// Each caller decides on the version it last knew and commits; a conflict is answered by learning the version and
    /// trying again, up to the run's bound: stateless callers racing for the aggregate.
    /// </summary>
    Optimistic,

    /// <summary>
    /// One owner per aggregate in the process takes its commands one at a time, each decided on the version the last
    /// produced (an actor per aggregate, as Akka.Persistence and Orleans run them): nothing in the process conflicts.
    /// </summary>
    Owned,

    /// <summary>
    /// As <see cref="Owned"/>, but the owner hands its next commit to the strategy before the last is acknowledged
    /// (Akka's PersistAsync), decided on the version the last will produce. Only a strategy that writes one
    /// aggregate's commits in the order it was handed them keeps that chain; with any other the later commits conflict.
    /// </summary>
    Pipelined,
}
