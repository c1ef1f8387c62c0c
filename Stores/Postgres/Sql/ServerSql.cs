namespace EventCommitLab.Stores.Postgres.Sql;

/// <summary>The administrator's SQL, every statement named: the server's settings, databases, and ending client processes.</summary>
internal static class ServerSql
{
    public const string Ping = "SELECT 1";

    public const string ReadSettings =
        "SELECT current_setting('server_version'), current_setting('fsync'), current_setting('synchronous_commit'), " +
        "current_setting('max_connections'), current_setting('shared_buffers'), current_setting('wal_sync_method'), " +
        "current_setting('checkpoint_timeout'), current_setting('max_wal_size'), current_setting('autovacuum')";

    /// <summary>Ends up to $2 of database $1's client processes, chosen at random, as an administrator or a failover would.</summary>
    public const string TerminateRandomBackends = """
        SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int FROM (
            SELECT pid FROM pg_stat_activity
            WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()
            ORDER BY random() LIMIT $2) AS chosen
        """;

    // The processes ($1) whose answers were lost, each started before its loss ($2): a new one that got a recycled pid
    // is left alone.
    private const string LostProcesses =
        "FROM pg_stat_activity a JOIN unnest($1::int[], $2::timestamptz[]) AS l(pid, lost) ON a.pid = l.pid AND a.backend_start <= l.lost";

    public const string TerminateLostProcesses = $"SELECT count(*) FILTER (WHERE pg_terminate_backend(a.pid)) {LostProcesses}";

    public const string CountLostProcesses = $"SELECT count(*) {LostProcesses}";

    /// <summary>Ends every client process connected to database $1 but this one, as DROP DATABASE ... WITH (FORCE) would.</summary>
    public const string TerminateBackendsOf =
        "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()";

    /// <summary>The deadlocks the server has broken in database $1 (each by failing one transaction), from its statistics.</summary>
    public const string CountDeadlocks = "SELECT deadlocks FROM pg_stat_database WHERE datname = $1";

    public static string CreateDatabase(string database) => $"CREATE DATABASE {database}";

    public static string DropDatabase(string database) => $"DROP DATABASE IF EXISTS {database} WITH (FORCE)";

    public static string AsyncCommitFor(string database) => $"ALTER DATABASE {database} SET synchronous_commit = off";
}
