namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>A PostgreSQL server the lab may create databases on.</summary>
public interface IPostgresServer : IAsyncDisposable
{
    /// <summary>Connects as a user who may create and drop databases, to a database that always exists.</summary>
    string AdminConnectionString { get; }

    /// <summary>Where the server is and who started it, for logs and table headers.</summary>
    string Origin { get; }
}
