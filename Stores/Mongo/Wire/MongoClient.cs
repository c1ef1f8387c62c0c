using System.Collections.Concurrent;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// Connections to the deployment's primary: server selection (the one host of a direct connection, or the primary
/// found from the seed list with hello), a bounded pool, and failover: a "not writable primary" error or a network
/// error forgets the primary and its pool, and the next command finds the new one. Thread-safe.
/// </summary>
public sealed class MongoClient : IMongoCommandRunner, IAsyncDisposable
{
    private readonly MongoConnectionString _connectionString;
    private readonly MongoConnectionSettings _settings;
    private readonly TimeSpan _selectionTimeout;
    private readonly SemaphoreSlim _slots;
    private readonly SemaphoreSlim _selection = new(1, 1);
    private readonly ConcurrentBag<MongoConnection> _idle = [];
    private volatile MongoHost? _primary;
    private int _disposed;

    public MongoClient(MongoConnectionString connectionString)
    {
        ArgumentNullException.ThrowIfNull(connectionString);
        _connectionString = connectionString;
        _settings = MongoConnectionSettings.From(connectionString) with { ClusterClock = ClusterClock };
        // 8 s by default, so that an unreachable deployment is reported within 10 s of starting.
        _selectionTimeout = connectionString.Options.ServerSelectionTimeout ?? TimeSpan.FromSeconds(8);
        _slots = new SemaphoreSlim(connectionString.Options.MaxPoolSize is > 0 and var max ? max : 100);
    }

    /// <summary>The transaction options the connection string sets (readConcernLevel, w, journal, wtimeoutMS).</summary>
    public MongoTransactionOptions DefaultTransactionOptions => MongoTransactionOptions.FromConnectionString(_connectionString.Options);

    /// <summary>The connection string as given, for messages.</summary>
    public MongoConnectionString ConnectionString => _connectionString;

    /// <summary>The primary's hello, from the latest connection opened to it.</summary>
    public HelloResult? PrimaryHello { get; private set; }

    /// <summary>Takes a connection to the primary from the pool (opening one if none is idle) for a series of commands.</summary>
    /// <exception cref="MongoConnectionException">No primary could be found within serverSelectionTimeoutMS (default 8 s).</exception>
    public async Task<MongoConnectionLease> CheckOutAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(_disposed == 1, this);
        await _slots.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            while (_idle.TryTake(out var idle))
            {
                if (!idle.IsBroken && idle.Host == _primary)
                {
                    return new MongoConnectionLease(this, idle);
                }

                await idle.DisposeAsync().ConfigureAwait(false);
            }

            return new MongoConnectionLease(this, await OpenToPrimaryAsync(cancellationToken).ConfigureAwait(false));
        }
        catch
        {
            _slots.Release();
            throw;
        }
    }

    /// <summary>The highest $clusterTime seen on any of this client's connections.</summary>
    public MongoClusterClock ClusterClock { get; } = new();

    /// <summary>The client's pooled server sessions.</summary>
    public MongoServerSessionPool Sessions { get; } = new();

    /// <summary>
    /// A session on a pooled server session; dispose it to return that. Its commands go to the primary on any pooled
    /// connection, or all on <paramref name="pinnedTo"/>.
    /// </summary>
    public MongoSession StartSession(MongoTransactionOptions? defaultTransactionOptions = null, IMongoCommandRunner? pinnedTo = null) =>
        new(pinnedTo ?? this, (defaultTransactionOptions ?? new MongoTransactionOptions()).Or(DefaultTransactionOptions), Sessions);

    public async Task<BsonDocument> RunCommandAsync(string database, BsonDocument command, IReadOnlyList<DocumentSequence>? sequences, CancellationToken cancellationToken)
    {
        await using var lease = await CheckOutAsync(cancellationToken).ConfigureAwait(false);
        return await lease.RunCommandAsync(database, command, sequences, cancellationToken).ConfigureAwait(false);
    }

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return;
        }

        await EndSessionsAsync().ConfigureAwait(false);
        while (_idle.TryTake(out var connection))
        {
            await connection.DisposeAsync().ConfigureAwait(false);
        }

        _selection.Dispose();
    }

    /// <summary>
    /// Tells the server the pooled sessions are over (endSessions, at most 10,000 at a time), so it need not keep them
    /// for their 30-minute timeout. Best effort, and only on an idle connection: a client closing must not wait for a
    /// server that is gone.
    /// </summary>
    private async Task EndSessionsAsync()
    {
        var sessions = Sessions.Drain();
        if (sessions.Count == 0 || !_idle.TryPeek(out var connection) || connection.IsBroken)
        {
            return;
        }

        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(2));
        foreach (var chunk in sessions.Chunk(10_000))
        {
            try
            {
                await connection.RunCommandAsync("admin", new BsonDocument("endSessions", new BsonArray(chunk.Select(s => s.Lsid))), null, timeout.Token).ConfigureAwait(false);
            }
            catch (Exception e) when (e is MongoException or OperationCanceledException)
            {
                return;
            }
        }
    }

    internal async ValueTask ReturnAsync(MongoConnection connection)
    {
        if (connection.IsBroken || connection.Host != _primary || _disposed == 1)
        {
            await connection.DisposeAsync().ConfigureAwait(false);
        }
        else
        {
            _idle.Add(connection);
        }

        _slots.Release();
    }

    /// <summary>Forgets the primary when an error says it is gone, so that the next checkout looks for the new one.</summary>
    internal void Observe(MongoConnection connection, Exception error)
    {
        if (error is MongoServerException { IsNotPrimary: true } || connection.IsBroken)
        {
            if (_primary == connection.Host)
            {
                _primary = null;
            }
        }
    }

    private async Task<MongoConnection> OpenToPrimaryAsync(CancellationToken cancellationToken)
    {
        if (_primary is { } known)
        {
            try
            {
                var connection = await MongoConnection.OpenAsync(known, _settings, cancellationToken).ConfigureAwait(false);
                if (connection.Hello.IsWritablePrimary)
                {
                    PrimaryHello = connection.Hello;
                    return connection;
                }

                await connection.DisposeAsync().ConfigureAwait(false);
            }
            catch (MongoConnectionException)
            {
            }

            _primary = null;
        }

        await _selection.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            return await SelectPrimaryAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            _selection.Release();
        }
    }

    private async Task<MongoConnection> SelectPrimaryAsync(CancellationToken cancellationToken)
    {
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(_selectionTimeout);
        var direct = _connectionString.Options.DirectConnection ?? (_connectionString.Hosts.Count == 1 && _connectionString.Options.ReplicaSet is null);
        var seen = new List<string>();
        var candidates = new Queue<MongoHost>(_connectionString.Hosts);
        var asked = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        while (!deadline.IsCancellationRequested)
        {
            if (candidates.Count == 0)
            {
                // Nobody is primary right now (an election, or no server up yet): ask the seeds again after a pause.
                try
                {
                    await Task.Delay(TimeSpan.FromMilliseconds(250), deadline.Token).ConfigureAwait(false);
                }
                catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
                {
                    break;
                }

                asked.Clear();
                foreach (var host in _connectionString.Hosts)
                {
                    candidates.Enqueue(host);
                }
            }

            var candidate = candidates.Dequeue();
            if (!asked.Add(candidate.ToString()))
            {
                continue;
            }

            MongoConnection connection;
            try
            {
                connection = await MongoConnection.OpenAsync(candidate, _settings with { ConnectTimeout = Min(_settings.ConnectTimeout, _selectionTimeout) }, deadline.Token).ConfigureAwait(false);
            }
            catch (MongoConnectionException e)
            {
                seen.Add(e.Message);
                continue;
            }
            catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
                break;
            }

            if (direct || connection.Hello.IsWritablePrimary)
            {
                _primary = candidate;
                PrimaryHello = connection.Hello;
                return connection;
            }

            seen.Add($"{candidate} is not the primary{(connection.Hello.Primary is { } p ? $" (it names {p})" : "")}");
            if (connection.Hello.Primary is { } named && TryHost(named) is { } primaryHost)
            {
                asked.Remove(primaryHost.ToString());
                candidates = new Queue<MongoHost>([primaryHost, .. candidates]);
            }

            await connection.DisposeAsync().ConfigureAwait(false);
        }

        cancellationToken.ThrowIfCancellationRequested();
        throw new MongoConnectionException(
            _connectionString.Hosts[0],
            $"no {(direct ? "server" : "primary")} among {string.Join(", ", _connectionString.Hosts)} within {_selectionTimeout.TotalSeconds:0.#} s (serverSelectionTimeoutMS)" +
            (seen.Count > 0 ? $": {string.Join("; ", seen.Distinct())}" : ""));
    }

    private static MongoHost? TryHost(string hostAndPort)
    {
        try
        {
            return MongoConnectionString.Parse($"mongodb://{hostAndPort}").Hosts[0];
        }
        catch (InvalidMongoConnectionStringException)
        {
            return null;
        }
    }

    private static TimeSpan Min(TimeSpan a, TimeSpan b) => a < b ? a : b;
}
