namespace EventCommitLab.Harness.Faults;

/// <summary>What the faults suite does to the database while the strategy is under load.</summary>
public enum FaultKind
{
    /// <summary>Ends random client connections of the log's database for a while (pg_terminate_backend), COMMITs included.</summary>
    TerminateBackends,

    /// <summary>Kills the postmaster with SIGKILL and starts it again on the same data folder.</summary>
    KillServer,

    /// <summary>Kills the process that commits (SIGKILL) mid-load; a new instance of the strategy in another process goes on.</summary>
    KillWriterProcess,

    /// <summary>
    /// Between two instances of the strategy, events are written past the counter by a writer that numbers from the
    /// log (the log is ahead of the counter); the new instance goes on.
    /// </summary>
    CounterBehindLog,

    /// <summary>
    /// Between two instances of the strategy, numbers are taken from the counter and never written (the counter is
    /// ahead of the log, as a writer that died between the two in a store without transactions leaves it); the new
    /// instance goes on.
    /// </summary>
    CounterAheadOfLog,
}
