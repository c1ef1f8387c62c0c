namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>A server the lab was pointed at with a connection string; the lab neither starts nor stops it.</summary>
public sealed class ExternalPostgresServer(string connectionString) : IPostgresServer
{
    public string AdminConnectionString { get; } = connectionString;

    public string Origin => "PostgreSQL given by connection string";

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}
