using System.Globalization;
using Npgsql;

namespace EventCommitLab.Stores.Postgres;

/// <summary>
/// A log's three pools of connections (the shared one, the batch writers', the raw writers'), each named apart on the
/// server, so that a database's next log can take them over with their connections open: at 100 committers, opening a
/// pool's connections is most of a contender's start. Connections anything else opens from a
/// <see cref="NextClientConnectionString"/> carry a name of their own, so that they are ended while the pools' are kept.
/// </summary>
internal sealed class LogPools : IAsyncDisposable
{
    // Batch writers hold at most this many batches in flight (BatchingPipelineOptions caps BatchesInFlight at 16).
    public const int BatchWriterConnections = 16;

    private readonly string _connectionString;
    private readonly string _name;
    private int _disposed;
    private int _clients;

    public LogPools(string connectionString)
    {
        _connectionString = connectionString;
        var name = _name = new NpgsqlConnectionStringBuilder(connectionString).ApplicationName ?? "commit-lab";
        Shared = NpgsqlDataSource.Create(new NpgsqlConnectionStringBuilder(connectionString) { ApplicationName = name }.ConnectionString);

        // A batcher writes one batch after another on the same few connections, and a batch statement leaves nothing
        // behind on its connection (auto-commit, no settings, no locks once it returns), so a connection goes back
        // without the pool's reset (seven statements sent ahead of the next batch) and keeps its prepared batch
        // statements. Kept apart from the shared pool so a batcher never waits behind other sessions.
        BatchWriters = NpgsqlDataSource.Create(new NpgsqlConnectionStringBuilder(connectionString)
        {
            NoResetOnClose = true,
            MaxPoolSize = BatchWriterConnections,
            ApplicationName = $"{name} batch writer",
        }.ConnectionString);

        // The raw ceiling's: like the batch writers' (no reset, the statements prepared), as many as the shared pool,
        // so that no strategy's write path is cheaper than the ceiling's.
        RawWriters = NpgsqlDataSource.Create(new NpgsqlConnectionStringBuilder(connectionString) { NoResetOnClose = true, ApplicationName = $"{name} raw writer" }.ConnectionString);
        Names = [name, $"{name} batch writer", $"{name} raw writer"];
    }

    public NpgsqlDataSource Shared { get; }

    public NpgsqlDataSource BatchWriters { get; }

    public NpgsqlDataSource RawWriters { get; }

    /// <summary>The names the pools' connections carry on the server (application_name).</summary>
    public IReadOnlyList<string> Names { get; }

    /// <summary>
    /// The database's address for anything but the pools, for one log: the same database under a name no other log
    /// gets, so that a client pooling connections by connection string never gets one that an earlier log of the
    /// database left behind and the database's next log ended.
    /// </summary>
    public string NextClientConnectionString() =>
        new NpgsqlConnectionStringBuilder(_connectionString)
        {
            ApplicationName = string.Create(CultureInfo.InvariantCulture, $"{_name} client {Interlocked.Increment(ref _clients)}"),
        }.ConnectionString;

    /// <summary>Closes the pooled connections no one holds; the pools open new ones when next asked.</summary>
    public void DropIdleConnections()
    {
        Shared.Clear();
        BatchWriters.Clear();
        RawWriters.Clear();
    }

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return;
        }

        await BatchWriters.DisposeAsync().ConfigureAwait(false);
        await RawWriters.DisposeAsync().ConfigureAwait(false);
        await Shared.DisposeAsync().ConfigureAwait(false);
    }
}
