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
}
