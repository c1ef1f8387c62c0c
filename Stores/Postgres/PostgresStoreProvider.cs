using System.Globalization;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Server;
using EventCommitLab.SuitePorts.Ceiling;
using EventCommitLab.SuitePorts.Dcb;
using EventCommitLab.SuitePorts.Faults;
using EventCommitLab.SuitePorts.Floor;
using EventCommitLab.SuitePorts.Journal;
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

    private readonly PostgresAdministrator _admin;
    private readonly SpareLogs _spareLogs = new();
    private long _logs;

    private PostgresStoreProvider(PostgresAdministrator admin, PostgresDurability durability)
    {
        _admin = admin;
        DefaultDurability = durability;
        Description = $"{admin.Settings}; pool {StorePoolSize} connections per store, and {PostgresEventStore.BatchWriterConnections} more for batch writes; " +
            $"durability {(durability == PostgresDurability.Durable ? "durable (synchronous_commit=on)" : "async-commit (synchronous_commit=off per database)")}";
    }

    /// <summary>The durability of the databases the provider creates unless one is asked for.</summary>
    public PostgresDurability DefaultDurability { get; }

    public IReadOnlyList<string> Durabilities => PostgresDurabilityNames.All;

    public string Durability => PostgresDurabilityNames.Of(DefaultDurability);

    public string Name => "postgres";

    public string Description { get; }

    public IPostgresServer Server => _admin.Server;

    private bool AsyncCommit => DefaultDurability == PostgresDurability.AsyncCommit;

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
        IPostgresServer server, CancellationToken cancellationToken, PostgresDurability durability = PostgresDurability.Durable) =>
        new(await PostgresAdministrator.ConnectAsync(server, cancellationToken).ConfigureAwait(false), durability);

    public Task<IEventLog> CreateFreshLogAsync(CancellationToken cancellationToken) => CreateFreshLogAsync(DefaultDurability, cancellationToken);

    public Task<IEventLog> CreateFreshLogAsync(string durability, CancellationToken cancellationToken) =>
        CreateFreshLogAsync(PostgresDurabilityNames.Parse(durability), cancellationToken);

    /// <summary>
    /// A log's database: one a disposed log left (<see cref="SpareLogs"/>), emptied, or a new one. Creating and dropping
    /// a database (a copy of the template written through the WAL; a wait for every backend to let go of its files)
    /// costs as much as several measured windows, on every contender of every cell; emptying a used one gives the same
    /// tables new, empty files. A spare that cannot be emptied is dropped and a new database made instead.
    /// </summary>
    private async Task<IEventLog> CreateFreshLogAsync(PostgresDurability durability, CancellationToken cancellationToken)
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
                await _admin.DropDatabaseAsync(spare).ConfigureAwait(false);
            }
        }

        var database = await _admin.CreateDatabaseAsync("commit_lab", durability == PostgresDurability.AsyncCommit, cancellationToken).ConfigureAwait(false);
        try
        {
            return await PostgresEventStore.CreateAsync(LogConnectionString(database), $"PostgreSQL database {database}", () => SpareAsync(database, durability), cancellationToken)
                .ConfigureAwait(false);
        }
        catch
        {
            await _admin.DropDatabaseAsync(database).ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// A log's connection string, named for that log alone: a client pooling connections by connection string (an
    /// <see cref="NpgsqlConnection"/> of its own) then never gets one a disposed log of the same database left behind,
    /// which the database's next log ended (<see cref="SpareAsync"/>).
    /// </summary>
    private string LogConnectionString(string database) =>
        new NpgsqlConnectionStringBuilder(_admin.Server.AdminConnectionString)
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
        await _admin.EndConnectionsToAsync(database).ConfigureAwait(false);
        _spareLogs.Add(durability, database);
    }

    public async Task<IKeyValueFloor> OpenKeyValueFloorAsync(bool durable, CancellationToken cancellationToken)
    {
        var database = await _admin.CreateDatabaseAsync("commit_lab_floor", asyncCommit: false, cancellationToken).ConfigureAwait(false);
        return await PostgresKeyValueFloor.OpenAsync(_admin.ConnectionStringFor(database), durable, () => _admin.DropDatabaseAsync(database), cancellationToken).ConfigureAwait(false);
    }

    public async Task<StoreToolInsertRate?> MeasureEventInsertsWithStoreToolAsync(
        int rowsPerStatement, int clients, int payloadBytes, StoreToolRows rows, TimeSpan duration, CancellationToken cancellationToken)
    {
        // A fresh log like every contender's: the events table only is written, at the store's durability.
        await using var log = (PostgresEventStore)await CreateFreshLogAsync(cancellationToken).ConfigureAwait(false);
        var events = new Contract.Workload.SampleEvents(payloadBytes).Create(rowsPerStatement);
        return await PgbenchInserts.MeasureEventsAsync(
            _admin.BinDirectory, log.ConnectionString, DefaultDurability == PostgresDurability.Durable, events, rows, clients, duration, cancellationToken).ConfigureAwait(false);
    }

    public async Task<StoreToolInsertRate?> MeasureInsertsWithStoreToolAsync(bool durable, TimeSpan duration, CancellationToken cancellationToken)
    {
        // The table is the floor's own, created the same way; pgbench only inserts into it.
        var database = await _admin.CreateDatabaseAsync("commit_lab_pgbench", asyncCommit: false, cancellationToken).ConfigureAwait(false);
        var connectionString = _admin.ConnectionStringFor(database);
        try
        {
            await using (var floor = await PostgresKeyValueFloor.OpenAsync(connectionString, durable, () => ValueTask.CompletedTask, cancellationToken).ConfigureAwait(false))
            {
            }

            return await PgbenchInserts.MeasureAsync(_admin.BinDirectory, connectionString, durable, duration, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            await _admin.DropDatabaseAsync(database).ConfigureAwait(false);
        }
    }

    public async Task<ITagLog> BuildTagLogAsync(TagStorage storage, long events, IReadOnlyList<int> taggedAtEnd, CancellationToken cancellationToken)
    {
        var database = await _admin.CreateDatabaseAsync("commit_lab_tags", asyncCommit: false, cancellationToken).ConfigureAwait(false);
        return await PostgresTagLog.BuildAsync(
            new NpgsqlConnectionStringBuilder(_admin.ConnectionStringFor(database)) { Pooling = true }.ConnectionString, storage, events, taggedAtEnd,
            () => _admin.DropDatabaseAsync(database), cancellationToken)
            .ConfigureAwait(false);
    }

    public async Task<IDcbLog> CreateDcbLogAsync(CancellationToken cancellationToken)
    {
        var database = await _admin.CreateDatabaseAsync("commit_lab_dcb", AsyncCommit, cancellationToken).ConfigureAwait(false);

        // 100 appenders or readers and the background load of the reads suite share the pool.
        // Statements used again and again (the check-and-insert, the locks, the reads) are prepared once per connection:
        // PostgreSQL then stops planning the check's CTE on every batch.
        // A failed statement of a batch is named on its exception: the log tells an append ended before its COMMIT from one
        // whose COMMIT may have landed.
        var pooled = new NpgsqlConnectionStringBuilder(_admin.ConnectionStringFor(database))
        {
            Pooling = true,
            MaxPoolSize = StorePoolSize + 20,
            MaxAutoPrepare = 20,
            AutoPrepareMinUsages = 2,
            IncludeFailedBatchedCommand = true,
        }.ConnectionString;
        return await PostgresDcbLog.CreateAsync(pooled, $"PostgreSQL database {database}", () => _admin.DropDatabaseAsync(database), cancellationToken).ConfigureAwait(false);
    }

    public async Task<PeerDatabase> CreatePeerDatabaseAsync(CancellationToken cancellationToken)
    {
        var database = await _admin.CreateDatabaseAsync("commit_lab_peer", AsyncCommit, cancellationToken).ConfigureAwait(false);

        // Pooled as the lab's own stores are: a peer that opens a connection per operation must not pay a login each time.
        var pooled = new NpgsqlConnectionStringBuilder(_admin.ConnectionStringFor(database)) { Pooling = true, MaxPoolSize = StorePoolSize }.ConnectionString;
        return new PeerDatabase(pooled, Name, () => _admin.DropDatabaseAsync(database));
    }

    public Task PingAsync(CancellationToken cancellationToken) => _admin.PingAsync(cancellationToken);

    // A server the lab was pointed at may not let it checkpoint; the run says so instead of failing.
    public Task<bool> SettleAsync(CancellationToken cancellationToken) => _admin.CheckpointAsync(cancellationToken);

    public async ValueTask DisposeAsync()
    {
        // A server the lab was pointed at keeps nothing of it; a private one is removed whole.
        if (_admin.Server is not PrivatePostgresServer)
        {
            foreach (var database in _spareLogs.TakeAll())
            {
                await _admin.DropDatabaseAsync(database).ConfigureAwait(false);
            }
        }

        await _admin.DisposeAsync().ConfigureAwait(false);
    }

    private static PrivatePostgresOptions PrivateOptions(PostgresStoreConfiguration configuration, Action<string>? log)
    {
        var options = new PrivatePostgresOptions { BinDirectory = configuration.BinDirectory, Log = log };
        options = configuration.TempRoot is { } root ? options with { TempRoot = root } : options;
        return configuration.RunAsUser is { } user ? options with { RunAsUser = user } : options;
    }

    public async Task<IFaultTarget> CreateFaultTargetAsync(CancellationToken cancellationToken) =>
        new PostgresFaultTarget((PostgresEventStore)await CreateFreshLogAsync(cancellationToken).ConfigureAwait(false), this);

    public string? ServerKillUnavailableBecause =>
        _admin.Server is PrivatePostgresServer ? null : "killing the server needs the private PostgreSQL the lab starts; run without --connection";

    public async Task CrashAndRestartServerAsync(CancellationToken cancellationToken)
    {
        var server = _admin.Server as PrivatePostgresServer ?? throw new InvalidOperationException(ServerKillUnavailableBecause);
        await server.CrashAndRestartAsync(cancellationToken).ConfigureAwait(false);
        ForgetAdminConnections();
    }

    /// <summary>Drops the administrator's pooled connections, e.g. after the server was restarted under them.</summary>
    public void ForgetAdminConnections() => _admin.ForgetConnections();

    /// <summary>Ends up to <paramref name="count"/> of a database's client connections at random, as an administrator or a failover would; returns how many.</summary>
    public Task<int> TerminateBackendsAsync(string database, int count, CancellationToken cancellationToken) =>
        _admin.TerminateBackendsAsync(database, count, cancellationToken);

    public Task<long> CountDeadlocksAsync(string database, CancellationToken cancellationToken) =>
        _admin.CountDeadlocksAsync(database, cancellationToken);
}
