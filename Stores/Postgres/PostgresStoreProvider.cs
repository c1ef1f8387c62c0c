using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Server;
using EventCommitLab.Stores.Postgres.Sql;
using EventCommitLab.SuitePorts.Ceiling;
using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.SuitePorts.Faults;
using EventCommitLab.SuitePorts.Journal;
using EventCommitLab.SuitePorts.Raw;
using EventCommitLab.SuitePorts.Tags;
using Npgsql;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// The PostgreSQL store for the harness and the tests: a server (private or given) on which every fresh store is a
/// database of its own, new or emptied after an earlier log's use; the databases are dropped with the provider.
/// </summary>
public sealed class PostgresStoreProvider : IEventStoreProvider, IKeyValueFloorProvider, IPeerDatabaseProvider, ITagLogProvider, IDcbLogProvider, IStoreToolEventInserts, IFaultInjectionProvider
{
    /// <summary>Connections per store: 1000 committers share them; the server allows <c>max_connections</c> in all.</summary>
    public const int StorePoolSize = 100;

    private static readonly TimeSpan ConnectTimeout = TimeSpan.FromSeconds(10);

    private readonly IPostgresServer _server;
    private readonly NpgsqlDataSource _admin;
    private readonly SpareLogs _spareLogs = new();
    private long _logs;

    private PostgresStoreProvider(IPostgresServer server, NpgsqlDataSource admin, string description, PostgresDurability durability)
    {
        _server = server;
        _admin = admin;
        DefaultDurability = durability;
        Description = $"{description}; durability {(durability == PostgresDurability.Durable ? "durable (synchronous_commit=on)" : "async-commit (synchronous_commit=off per database)")}";
    }

    /// <summary>The durability of the databases the provider creates unless one is asked for.</summary>
    public PostgresDurability DefaultDurability { get; }

    public IReadOnlyList<string> Durabilities => PostgresDurabilityNames.All;

    public string Durability => PostgresDurabilityNames.Of(DefaultDurability);

    public string Name => "postgres";

    public string Description { get; }

    public IPostgresServer Server => _server;

    /// <summary>Connects to the given server, or starts a private one, and checks that it answers.</summary>
    /// <exception cref="StoreSetupException">No server could be found, started or reached; the message says what to do.</exception>
    public static async Task<PostgresStoreProvider> StartAsync(PostgresStoreConfiguration configuration, Action<string>? log, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        IPostgresServer server = configuration.ConnectionString is { } connectionString
            ? new ExternalPostgresServer(connectionString)
            : await PrivatePostgresServer.StartAsync(PrivateOptions(configuration, log), cancellationToken).ConfigureAwait(false);
        try
        {
            return await ConnectAsync(server, cancellationToken, configuration.Durability).ConfigureAwait(false);
        }
        catch
        {
            await server.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <exception cref="StoreSetupException">The server does not answer within 10 s, or the connection string is invalid.</exception>
    public static async Task<PostgresStoreProvider> ConnectAsync(
        IPostgresServer server, CancellationToken cancellationToken, PostgresDurability durability = PostgresDurability.Durable)
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

        var admin = NpgsqlDataSource.Create(builder.ConnectionString);
        try
        {
            using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            deadline.CancelAfter(ConnectTimeout);
            await using var connection = await admin.OpenConnectionAsync(deadline.Token).ConfigureAwait(false);
            await using var command = new NpgsqlCommand(ServerSql.ReadSettings, connection);
            await using var reader = await command.ExecuteReaderAsync(deadline.Token).ConfigureAwait(false);
            await reader.ReadAsync(deadline.Token).ConfigureAwait(false);
            var description = string.Create(CultureInfo.InvariantCulture,
                $"PostgreSQL {reader.GetString(0)} ({server.Origin}); fsync={reader.GetString(1)}, synchronous_commit={reader.GetString(2)}, " +
                $"max_connections={reader.GetString(3)}, shared_buffers={reader.GetString(4)}, wal_sync_method={reader.GetString(5)}, " +
                $"checkpoint_timeout={reader.GetString(6)}, max_wal_size={reader.GetString(7)}, autovacuum={reader.GetString(8)} (off on the lab's tables); " +
                $"pool {StorePoolSize} connections per store, and {PostgresEventStore.BatchWriterConnections} more for batch writes");
            return new PostgresStoreProvider(server, admin, description, durability);
        }
        catch (Exception e) when (e is NpgsqlException or OperationCanceledException or System.Net.Sockets.SocketException && !cancellationToken.IsCancellationRequested)
        {
            await admin.DisposeAsync().ConfigureAwait(false);
            throw new StoreSetupException(
                $"Cannot reach PostgreSQL at {builder.Host}:{builder.Port} within {ConnectTimeout.TotalSeconds:0} s ({e.Message}). " +
                $"Check the server and the connection string (--connection or {PostgresStoreConfiguration.ConnectionVariable}), " +
                "or give neither and let the lab start a private PostgreSQL.", e);
        }
        catch
        {
            await admin.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public Task<IEventLog> CreateFreshStoreAsync(CancellationToken cancellationToken) => CreateFreshStoreAsync(DefaultDurability, cancellationToken);

    public Task<IEventLog> CreateFreshStoreAsync(string durability, CancellationToken cancellationToken) =>
        CreateFreshStoreAsync(PostgresDurabilityNames.Parse(durability), cancellationToken);

    /// <summary>
    /// A log's database: one a disposed log left (<see cref="SpareLogs"/>), emptied, or a new one. Creating and dropping
    /// a database (a copy of the template written through the WAL; a wait for every backend to let go of its files)
    /// costs as much as several measured windows, on every contender of every cell; emptying a used one gives the same
    /// tables new, empty files. A spare that cannot be emptied is dropped and a new database made instead.
    /// </summary>
    private async Task<IEventLog> CreateFreshStoreAsync(PostgresDurability durability, CancellationToken cancellationToken)
    {
        while (_spareLogs.Take(durability) is { } spare)
        {
            try
            {
                return await PostgresEventStore.EmptyAsync(LogConnectionString(spare), $"PostgreSQL database {spare}", () => SpareAsync(spare, durability), cancellationToken)
                    .ConfigureAwait(false);
            }
            catch (Exception e) when (e is NpgsqlException && !cancellationToken.IsCancellationRequested)
            {
                await DropDatabaseAsync(spare).ConfigureAwait(false);
            }
        }

        var database = $"commit_lab_{Guid.NewGuid():N}";
        await ExecuteAdminAsync(ServerSql.CreateDatabase(database), cancellationToken).ConfigureAwait(false);
        try
        {
            if (durability == PostgresDurability.AsyncCommit)
            {
                await ExecuteAdminAsync(ServerSql.AsyncCommitFor(database), cancellationToken).ConfigureAwait(false);
            }

            return await PostgresEventStore.CreateAsync(LogConnectionString(database), $"PostgreSQL database {database}", () => SpareAsync(database, durability), cancellationToken)
                .ConfigureAwait(false);
        }
        catch
        {
            await DropDatabaseAsync(database).ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// A log's connection string, named for that log alone: a client pooling connections by connection string (an
    /// <see cref="NpgsqlConnection"/> of its own) then never gets one a disposed log of the same database left behind,
    /// which the database's next log ended (<see cref="SpareAsync"/>).
    /// </summary>
    private string LogConnectionString(string database) =>
        new NpgsqlConnectionStringBuilder(_server.AdminConnectionString)
        {
            Database = database,
            MaxPoolSize = StorePoolSize,
            IncludeErrorDetail = true,
            ApplicationName = string.Create(CultureInfo.InvariantCulture, $"commit-lab log {Interlocked.Increment(ref _logs)}"),
        }.ConnectionString;

    /// <summary>
    /// A disposed log's database is kept for the next log of its durability, which empties it; a connection still open
    /// on it (another process writing to the log) is ended first, as dropping it would end it.
    /// </summary>
    private async ValueTask SpareAsync(string database, PostgresDurability durability)
    {
        await using var command = _admin.CreateCommand(ServerSql.TerminateBackendsOf);
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = database });
        await command.ExecuteScalarAsync(CancellationToken.None).ConfigureAwait(false);
        _spareLogs.Add(durability, database);
    }

    public async Task<IKeyValueFloor> OpenKeyValueFloorAsync(bool durable, CancellationToken cancellationToken)
    {
        var (database, connectionString) = await CreateDatabaseAsync("commit_lab_floor", cancellationToken).ConfigureAwait(false);
        return await PostgresKeyValueFloor.OpenAsync(connectionString, durable, () => DropDatabaseAsync(database), cancellationToken).ConfigureAwait(false);
    }

    public async Task<StoreToolInsertRate?> MeasureEventInsertsWithStoreToolAsync(
        int rowsPerStatement, int clients, int payloadBytes, StoreToolRows rows, TimeSpan duration, CancellationToken cancellationToken)
    {
        // A fresh log like every contender's: the events table only is written, at the store's durability.
        await using var log = (PostgresEventStore)await CreateFreshStoreAsync(cancellationToken).ConfigureAwait(false);
        var payloads = new Contract.Workload.SampleEvents(payloadBytes).Create(rowsPerStatement).Select(e => e.Payload).ToArray();
        return await PgbenchInserts.MeasureEventsAsync(
            BinDirectory(), log.ConnectionString, DefaultDurability == PostgresDurability.Durable, payloads, rows, clients, duration, cancellationToken).ConfigureAwait(false);
    }

    public async Task<StoreToolInsertRate?> MeasureInsertsWithStoreToolAsync(bool durable, TimeSpan duration, CancellationToken cancellationToken)
    {
        // The table is the floor's own, created the same way; pgbench only inserts into it.
        var (database, connectionString) = await CreateDatabaseAsync("commit_lab_pgbench", cancellationToken).ConfigureAwait(false);
        try
        {
            await using (var floor = await PostgresKeyValueFloor.OpenAsync(connectionString, durable, () => ValueTask.CompletedTask, cancellationToken).ConfigureAwait(false))
            {
            }

            return await PgbenchInserts.MeasureAsync(BinDirectory(), connectionString, durable, duration, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            await DropDatabaseAsync(database).ConfigureAwait(false);
        }
    }

    public async Task<ITagLog> BuildTagLogAsync(TagStorage storage, long events, IReadOnlyList<int> taggedAtEnd, CancellationToken cancellationToken)
    {
        var (database, connectionString) = await CreateDatabaseAsync("commit_lab_tags", cancellationToken).ConfigureAwait(false);
        return await PostgresTagLog.BuildAsync(
            new NpgsqlConnectionStringBuilder(connectionString) { Pooling = true }.ConnectionString, storage, events, taggedAtEnd, () => DropDatabaseAsync(database), cancellationToken)
            .ConfigureAwait(false);
    }

    public async Task<IDcbLog> CreateDcbLogAsync(CancellationToken cancellationToken)
    {
        var (database, connectionString) = await CreateDatabaseAsync("commit_lab_dcb", cancellationToken).ConfigureAwait(false);
        if (DefaultDurability == PostgresDurability.AsyncCommit)
        {
            await ExecuteAdminAsync(ServerSql.AsyncCommitFor(database), cancellationToken).ConfigureAwait(false);
        }

        // 100 appenders or readers and the background load of the reads suite share the pool.
        // Statements used again and again (the check-and-insert, the locks, the reads) are prepared once per connection:
        // PostgreSQL then stops planning the check's CTE on every batch.
        // A failed statement of a batch is named on its exception: the log tells an append ended before its COMMIT from one
        // whose COMMIT may have landed.
        var pooled = new NpgsqlConnectionStringBuilder(connectionString)
        {
            Pooling = true, MaxPoolSize = StorePoolSize + 20, MaxAutoPrepare = 20, AutoPrepareMinUsages = 2, IncludeFailedBatchedCommand = true,
        }.ConnectionString;
        return await PostgresDcbLog.CreateAsync(pooled, $"PostgreSQL database {database}", () => DropDatabaseAsync(database), cancellationToken).ConfigureAwait(false);
    }

    public async Task<PeerDatabase> CreatePeerDatabaseAsync(CancellationToken cancellationToken)
    {
        var (database, connectionString) = await CreateDatabaseAsync("commit_lab_peer", cancellationToken).ConfigureAwait(false);
        if (DefaultDurability == PostgresDurability.AsyncCommit)
        {
            await ExecuteAdminAsync(ServerSql.AsyncCommitFor(database), cancellationToken).ConfigureAwait(false);
        }

        // Pooled as the lab's own stores are: a peer that opens a connection per operation must not pay a login each time.
        var pooled = new NpgsqlConnectionStringBuilder(connectionString) { Pooling = true, MaxPoolSize = StorePoolSize }.ConnectionString;
        return new PeerDatabase(pooled, Name, () => DropDatabaseAsync(database));
    }

    private string? BinDirectory()
    {
        if (_server is PrivatePostgresServer server)
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

    private async Task<(string Database, string ConnectionString)> CreateDatabaseAsync(string prefix, CancellationToken cancellationToken)
    {
        var database = $"{prefix}_{Guid.NewGuid():N}";
        await ExecuteAdminAsync(ServerSql.CreateDatabase(database), cancellationToken).ConfigureAwait(false);
        return (database, new NpgsqlConnectionStringBuilder(_server.AdminConnectionString) { Database = database, Pooling = false }.ConnectionString);
    }

    private ValueTask DropDatabaseAsync(string database) => new(ExecuteAdminAsync(ServerSql.DropDatabase(database), CancellationToken.None));

    public Task PingAsync(CancellationToken cancellationToken) => ExecuteAdminAsync(ServerSql.Ping, cancellationToken);

    public async Task<bool> SettleAsync(CancellationToken cancellationToken)
    {
        try
        {
            await ExecuteAdminAsync("CHECKPOINT", cancellationToken).ConfigureAwait(false);
            return true;
        }
        catch (PostgresException e) when (e.SqlState == PostgresErrorCodes.InsufficientPrivilege)
        {
            // A server the lab was pointed at may not let it checkpoint; the run says so instead of failing.
            return false;
        }
    }

    public async ValueTask DisposeAsync()
    {
        // A server the lab was pointed at keeps nothing of it; a private one is removed whole.
        if (_server is not PrivatePostgresServer)
        {
            foreach (var database in _spareLogs.TakeAll())
            {
                await DropDatabaseAsync(database).ConfigureAwait(false);
            }
        }

        await _admin.DisposeAsync().ConfigureAwait(false);
        await _server.DisposeAsync().ConfigureAwait(false);
    }

    private static PrivatePostgresOptions PrivateOptions(PostgresStoreConfiguration configuration, Action<string>? log)
    {
        var options = new PrivatePostgresOptions { BinDirectory = configuration.BinDirectory, Log = log };
        options = configuration.TempRoot is { } root ? options with { TempRoot = root } : options;
        return configuration.RunAsUser is { } user ? options with { RunAsUser = user } : options;
    }

    public async Task<IFaultTarget> CreateFaultTargetAsync(CancellationToken cancellationToken) =>
        new PostgresFaultTarget((PostgresEventStore)await CreateFreshStoreAsync(cancellationToken).ConfigureAwait(false), this);

    public string? ServerKillUnavailableBecause =>
        _server is PrivatePostgresServer ? null : "killing the server needs the private PostgreSQL the lab starts; run without --connection";

    public async Task CrashAndRestartServerAsync(CancellationToken cancellationToken)
    {
        var server = _server as PrivatePostgresServer ?? throw new InvalidOperationException(ServerKillUnavailableBecause);
        await server.CrashAndRestartAsync(cancellationToken).ConfigureAwait(false);
        ForgetAdminConnections();
    }

    /// <summary>Drops the administrator's pooled connections, e.g. after the server was restarted under them.</summary>
    public void ForgetAdminConnections() => _admin.Clear();

    /// <summary>Ends up to <paramref name="count"/> of a database's client connections at random, as an administrator or a failover would; returns how many.</summary>
    public async Task<int> TerminateBackendsAsync(string database, int count, CancellationToken cancellationToken)
    {
        await using var command = _admin.CreateCommand(ServerSql.TerminateRandomBackends);
        command.Parameters.Add(new NpgsqlParameter<string> { TypedValue = database });
        command.Parameters.Add(new NpgsqlParameter<int> { TypedValue = count });
        return (int)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
    }

    private async Task ExecuteAdminAsync(string sql, CancellationToken cancellationToken)
    {
        await using var command = _admin.CreateCommand(sql);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
