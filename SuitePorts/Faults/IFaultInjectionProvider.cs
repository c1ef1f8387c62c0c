namespace EventCommitLab.SuitePorts.Faults;

/// <summary>
/// A store the faults suite can hurt for real: its client connections ended as an administrator or a failover would,
/// its server killed and restarted, one log committed to from another process that is then killed.
/// </summary>
public interface IFaultInjectionProvider
{
    /// <summary>A fresh, empty log with the handles the faults need.</summary>
    Task<IFaultTarget> CreateFaultTargetAsync(CancellationToken cancellationToken);

    /// <summary>Why the server cannot be killed and restarted here (a server the lab did not start), or null when it can.</summary>
    string? ServerKillUnavailableBecause { get; }

    /// <summary>Kills the server without warning (SIGKILL) and starts it again on the same data.</summary>
    Task CrashAndRestartServerAsync(CancellationToken cancellationToken);
}
