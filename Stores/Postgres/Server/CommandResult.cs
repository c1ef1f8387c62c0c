namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>How a helper program ended and what it printed.</summary>
internal sealed record CommandResult(int ExitCode, string Output)
{
    public bool Succeeded => ExitCode == 0;
}
