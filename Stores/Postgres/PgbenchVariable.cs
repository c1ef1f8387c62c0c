namespace EventCommitLab.Stores.Postgres;

/// <summary>A string variable handed to pgbench on its command line (-D NAME=VALUE), and how the run's summary shows it.</summary>
internal sealed record PgbenchVariable(string Name, string Value, string Shown);
