namespace EventCommitLab.SuitePorts.Ceiling;

/// <summary>Single-row inserts, one per commit, as the store's own benchmark tool measured them.</summary>
/// <param name="Tool">The tool and its version, e.g. "pgbench (PostgreSQL) 15.14".</param>
/// <param name="Inserts">Inserts it committed.</param>
/// <param name="PerSecond">Its own figure of commits per second.</param>
/// <param name="CommandLine">How it was run, for the summary.</param>
public sealed record StoreToolInsertRate(string Tool, long Inserts, double PerSecond, string CommandLine);
