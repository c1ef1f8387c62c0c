using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Sql;
using Npgsql;

namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>
/// What the lab does on a server as its administrator: reads its settings, creates and drops databases, checkpoints,
/// and ends client connections. Owns the server it was given: disposing the administrator stops a private one.
/// </summary>
public sealed class PostgresAdministrator : IAsyncDisposable
{
    private static readonly TimeSpan ConnectTimeout = TimeSpan.FromSeconds(10);

    private readonly NpgsqlDataSource _dataSource;

    private PostgresAdministrator(IPostgresServer server, NpgsqlDataSource dataSource, string settings)
    {
        Server = server;
        _dataSource = dataSource;
        Settings = settings;
    }

    public IPostgresServer Server { get; }

    /// <summary>The server's version, origin and the settings that bear on commit speed, as read when connecting.</summary>
    public string Settings { get; }

    /// <summary>Where pgbench and the server's other tools are: the private server's, or the usual places; null if none.</summary>
    public string? BinDirectory
    {
        get
        {
            if (Server is PrivatePostgresServer server)
            {
                return server.BinDirectory;
            }

            try
            {
                return PostgresBinaryLocator.Locate(null, PostgresBinaryLocator.UsualPlaces());
            }
            catch (StoreSetupException)
            {
                return null;
            }
        }
    }

    /// <summary>Connects to the server and reads its settings; the server is disposed with the administrator from then on.</summary>
    /// <exception cref="StoreSetupException">The server does not answer within 10 s, or the connection string is invalid.</exception>
    public static async Task<PostgresAdministrator> ConnectAsync(IPostgresServer server, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(server);
        NpgsqlConnectionStringBuilder builder;
        try
        {
            builder = new NpgsqlConnectionStringBuilder(server.AdminConnectionString);
        }
        catch (ArgumentException e)
        {
            throw new StoreSetupException($"The PostgreSQL connection string is not valid: {e.Message}. Give one like \"Host=localhost;Username=postgres;Password=...\".", e);
        }

        var dataSource = NpgsqlDataSource.Create(builder.ConnectionString);
        try
        {
            using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            deadline.CancelAfter(ConnectTimeout);
            await using var connection = await dataSource.OpenConnectionAsync(deadline.Token).ConfigureAwait(false);
            await using var command = new NpgsqlCommand(ServerSql.ReadSettings, connection);
            await using var reader = await command.ExecuteReaderAsync(deadline.Token).ConfigureAwait(false);
            await reader.ReadAsync(deadline.Token).ConfigureAwait(false);
            var settings = string.Create(CultureInfo.InvariantCulture,
                $"PostgreSQL {reader.GetString(0)} ({server.Origin}); fsync={reader.GetString(1)}, synchronous_commit={reader.GetString(2)}, " +
                $"max_connections={reader.GetString(3)}, shared_buffers={reader.GetString(4)}, wal_sync_method={reader.GetString(5)}, " +
                $"checkpoint_timeout={reader.GetString(6)}, max_wal_size={reader.GetString(7)}, autovacuum={reader.GetString(8)} (off on the lab's tables)");
            return new PostgresAdministrator(server, dataSource, settings);
        }
        catch (Exception e) when (e is NpgsqlException or OperationCanceledException or System.Net.Sockets.SocketException && !cancellationToken.IsCancellationRequested)
        {
            await dataSource.DisposeAsync().ConfigureAwait(false);
            throw new StoreSetupException(
                $"Cannot reach PostgreSQL at {builder.Host}:{builder.Port} within {ConnectTimeout.TotalSeconds:0} s ({e.Message}). " +
                $"Check the server and the connection string (--connection or {PostgresStoreConfiguration.ConnectionVariable}), " +
                "or give neither and let the lab start a private PostgreSQL.", e);
        }
        catch
        {
            await dataSource.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>A new database named from <paramref name="prefix"/>, committing asynchronously if asked; dropped again if that setting fails.</summary>
    public async Task<string> CreateDatabaseAsync(string prefix, bool asyncCommit, CancellationToken cancellationToken)
    {
        var database = $"{prefix}_{Guid.NewGuid():N}";
        await ExecuteAsync(ServerSql.CreateDatabase(database), cancellationToken).ConfigureAwait(false);
        try
        {
            if (asyncCommit)
            {
                await ExecuteAsync(ServerSql.AsyncCommitFor(database), cancellationToken).ConfigureAwait(false);
            }

            return database;
        }
        catch
        {
            await DropDatabaseAsync(database).ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>A connection string to <paramref name="database"/>, unpooled, as the administrator's user.</summary>
    public string ConnectionStringFor(string database) =>
        new NpgsqlConnectionStringBuilder(Server.AdminConnectionString) { Database = database, Pooling = false }.ConnectionString;

    public ValueTask DropDatabaseAsync(string database) => new(ExecuteAsync(ServerSql.DropDatabase(database), CancellationToken.None));

    public Task PingAsync(CancellationToken cancellationToken) => ExecuteAsync(ServerSql.Ping, cancellationToken);

    /// <summary>Writes every dirty page out; false when the server does not let the lab (one it was pointed at).</summary>
    public async Task<bool> CheckpointAsync(CancellationToken cancellationToken)
    {
        try
        {
            await ExecuteAsync("CHECKPOINT", cancellationToken).ConfigureAwait(false);
            return true;
        }
        catch (PostgresException e) when (e.SqlState == PostgresErrorCodes.InsufficientPrivilege)
        {
            return false;
        }
    }

    /// <summary>Ends every client connection to <paramref name="database"/>, as dropping it would.</summary>
    public async Task EndConnectionsToAsync(string database)
    {
        await using var command = _dataSource.CreateCommand(ServerSql.TerminateBackendsOf);
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = database });
        await command.ExecuteScalarAsync(CancellationToken.None).ConfigureAwait(false);
    }

    /// <summary>Ends up to <paramref name="count"/> of a database's client connections at random, as an administrator or a failover would; returns how many.</summary>
    public async Task<int> TerminateBackendsAsync(string database, int count, CancellationToken cancellationToken)
    {
        await using var command = _dataSource.CreateCommand(ServerSql.TerminateRandomBackends);
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = database });
        command.Parameters.Add(new NpgsqlParameter<int> { TypedValue = count });
        return (int)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    /// <summary>The deadlocks the server has broken in <paramref name="database"/>, as its statistics count them.</summary>
    public async Task<long> CountDeadlocksAsync(string database, CancellationToken cancellationToken)
    {
        await using var command = _dataSource.CreateCommand(ServerSql.CountDeadlocks);
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = database });
        return await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is long deadlocks ? deadlocks : 0;
    }

    /// <summary>Drops the pooled connections, e.g. after the server was restarted under them.</summary>
    public void ForgetConnections() => _dataSource.Clear();

    public async ValueTask DisposeAsync()
    {
        await _dataSource.DisposeAsync().ConfigureAwait(false);
        await Server.DisposeAsync().ConfigureAwait(false);
    }

    private async Task ExecuteAsync(string sql, CancellationToken cancellationToken)
    {
        await using var command = _dataSource.CreateCommand(sql);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
