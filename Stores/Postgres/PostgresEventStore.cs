using System.Text.Json;
using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Postgres.Sql;
using Npgsql;

namespace EventCommitLab.Stores.Postgres;

/// <summary>The store port on one PostgreSQL database: the only place, with its session, that knows SQL.</summary>
public sealed class PostgresEventStore : IEventLog, IStreamReader
{
    // Batch writers hold at most this many batches in flight (BatchingPipelineOptions caps BatchesInFlight at 16).
    internal const int BatchWriterConnections = 16;
    private readonly NpgsqlDataSource _dataSource;
    private readonly NpgsqlDataSource _batchWriters;
    private readonly NpgsqlDataSource _rawWriters;
    private readonly PostgresLogReads _reads;
    private readonly Func<ValueTask>? _onDispose;
    private int _disposed;
    private readonly LostWrites _lostWrites = new();

    private PostgresEventStore(string connectionString, string description, Func<ValueTask>? onDispose)
    {
        _dataSource = NpgsqlDataSource.Create(connectionString);
        _batchWriters = BatchWriterSource(connectionString);
        _rawWriters = RawWriterSource(connectionString);
        _reads = new PostgresLogReads(_dataSource);
        _onDispose = onDispose;
        Description = description;
    }

    public string Description { get; }

    /// <summary>The database this store's log is in.</summary>
    public string DatabaseName => new NpgsqlConnectionStringBuilder(_dataSource.ConnectionString).Database!;

    /// <summary>How this store connects (without a password), e.g. to reach the same database another way.</summary>
    public string ConnectionString => _dataSource.ConnectionString;

    /// <summary>Opens a database the lab's tables are already in: another writer's view of an existing log.</summary>
    public static PostgresEventStore Open(string connectionString, string description) =>
        new(connectionString, description, null);

    /// <summary>Opens the database and creates the lab's tables in it.</summary>
    /// <param name="onDispose">Runs after the store's connections are closed, e.g. to drop the database.</param>
    public static Task<PostgresEventStore> CreateAsync(
        string connectionString, string description, Func<ValueTask>? onDispose, CancellationToken cancellationToken) =>
        OpenAsync(connectionString, description, onDispose, EventLogSql.Create, cancellationToken);

    /// <summary>Opens a database whose tables a log used before and brings them back to an empty log's (see <see cref="EventLogSql.Empty"/>).</summary>
    /// <param name="onDispose">Runs after the store's connections are closed.</param>
    public static Task<PostgresEventStore> EmptyAsync(
        string connectionString, string description, Func<ValueTask>? onDispose, CancellationToken cancellationToken) =>
        OpenAsync(connectionString, description, onDispose, EventLogSql.Empty, cancellationToken);

    private static async Task<PostgresEventStore> OpenAsync(
        string connectionString, string description, Func<ValueTask>? onDispose, string preparation, CancellationToken cancellationToken)
    {
        var store = new PostgresEventStore(connectionString, description, onDispose);
        try
        {
            await using var connection = await store._dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
            await using var command = new NpgsqlCommand(preparation, connection);
            await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            return store;
        }
        catch
        {
            // A log that never opened is not handed back: its database is the caller's to drop, never a spare.
            Interlocked.Exchange(ref store._disposed, 1);
            await store.CloseConnectionsAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async Task<IStoreSession> BeginTransactionAsync(CancellationToken cancellationToken)
    {
        var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
            return new PostgresStoreSession(connection, transaction, _lostWrites);
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async Task<IStoreSession> OpenAutoCommitSessionAsync(CancellationToken cancellationToken) =>
        new PostgresStoreSession(await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false), null, _lostWrites);

    public async Task WriteRawAsync(IReadOnlyList<StoredEvent> storedEvents, IReadOnlyList<AggregateVersionRecord> aggregateVersions, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);
        ArgumentNullException.ThrowIfNull(aggregateVersions);

        // One auto-commit statement, one round trip and one durable flush for all rows, with the aggregate rows when there
        // are any. Without aggregates it is the very statement the strategies insert with (single-row VALUES, or unnest'ed
        // arrays), so no strategy's insert can be cheaper. Binary COPY was the seed's ceiling, but it takes two round trips
        // and cannot write the aggregate rows in the same commit, so a single-row INSERT beat it at 1 event x 1 commit.
        if (aggregateVersions.Count == 0)
        {
            await using var session = new PostgresStoreSession(await _rawWriters.OpenConnectionAsync(cancellationToken).ConfigureAwait(false), null, _lostWrites);
            await (storedEvents.Count == 1
                ? session.InsertEventAsync(storedEvents[0], cancellationToken)
                : session.InsertEventsAsync(storedEvents, cancellationToken)).ConfigureAwait(false);
            return;
        }

        var count = storedEvents.Count;
        var sequenceNumbers = new long[count];
        var sources = new string[count];
        var types = new string[count];
        var aggregateTypes = new string?[count];
        var versions = new long?[count];
        var commitIds = new Guid[count];
        var tags = new string[count];
        var payloads = new string[count];
        for (var i = 0; i < count; i++)
        {
            var e = storedEvents[i];
            (sequenceNumbers[i], sources[i], types[i], aggregateTypes[i], versions[i], commitIds[i], tags[i], payloads[i]) =
                (e.SequenceNumber, e.EventSource, e.EventType, e.AggregateType, e.AggregateVersion, e.CommitId, JsonSerializer.Serialize(e.Tags), e.Payload);
        }

        await using var command = _rawWriters.CreateCommand(EventLogSql.InsertEventsWithAggregates);
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. aggregateVersions.Select(a => a.Aggregate.EventSource)] });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = [.. aggregateVersions.Select(a => a.Aggregate.AggregateType)] });
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = [.. aggregateVersions.Select(a => a.Version)] });
        command.Parameters.Add(new NpgsqlParameter<long[]> { TypedValue = sequenceNumbers });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = sources });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = types });
        command.Parameters.Add(new NpgsqlParameter<string?[]> { TypedValue = aggregateTypes });
        command.Parameters.Add(new NpgsqlParameter<long?[]> { TypedValue = versions });
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = commitIds });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = tags });
        command.Parameters.Add(new NpgsqlParameter<string[]> { TypedValue = payloads });
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyDictionary<Guid, IReadOnlyList<long>>> FindCommitsAsync(IReadOnlyCollection<Guid> commitIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(commitIds);
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await _lostWrites.EndAsync(connection, cancellationToken).ConfigureAwait(false);

        await using var command = new NpgsqlCommand(EventLogSql.FindCommits, connection);
        command.Parameters.Add(new NpgsqlParameter<Guid[]> { TypedValue = [.. commitIds] });
        var found = new Dictionary<Guid, List<long>>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            var commit = reader.GetGuid(0);
            if (!found.TryGetValue(commit, out var numbers))
            {
                found[commit] = numbers = [];
            }

            numbers.Add(reader.GetInt64(1));
        }

        return found.ToDictionary(p => p.Key, p => (IReadOnlyList<long>)p.Value);
    }

    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
    {
        CommitBatch.EnsureWritable(batch);
        await using var session = new PostgresStoreSession(await _batchWriters.OpenConnectionAsync(cancellationToken).ConfigureAwait(false), null, _lostWrites);
        return await session.WriteBatchAsync(batch, cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchNumberedByServerAsync(IReadOnlyList<CommitRequest> batch, bool recordTransaction, CancellationToken cancellationToken)
    {
        CommitBatch.EnsureServerNumberable(batch);
        await using var session = new PostgresStoreSession(await _batchWriters.OpenConnectionAsync(cancellationToken).ConfigureAwait(false), null, _lostWrites);
        return await session.WriteBatchNumberedByServerAsync(batch, recordTransaction, cancellationToken).ConfigureAwait(false);
    }

    public async Task<bool> WriteBatchFromAsync(IReadOnlyList<CommitRequest> batch, long first, long? after, CancellationToken cancellationToken)
    {
        CommitBatch.EnsureNumberable(batch);
        await using var session = new PostgresStoreSession(await _batchWriters.OpenConnectionAsync(cancellationToken).ConfigureAwait(false), null, _lostWrites);
        return await session.WriteBatchFromAsync(batch, first, after, cancellationToken).ConfigureAwait(false);
    }

    public Task<EventLogSnapshot<TEvent>> ReadSnapshotAsync<TEvent>(Func<StoredEvent, TEvent> keep, CancellationToken cancellationToken) =>
        _reads.ReadSnapshotAsync(keep, cancellationToken);

    public IAsyncEnumerable<StoredEvent> ReadLogAsync(CancellationToken cancellationToken) => _reads.ReadLogAsync(cancellationToken);

    public async Task IndexStreamsAsync(CancellationToken cancellationToken)
    {
        await using var connection = await _dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        await using var command = new NpgsqlCommand(EventLogSql.IndexStreams, connection);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    public IAsyncEnumerable<StoredEvent> ReadStreamAsync(string eventSource, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrEmpty(eventSource);
        return _reads.ReadStreamAsync(eventSource, cancellationToken);
    }

    public Task<IReadOnlyList<long>> ReadSequenceNumbersAfterAsync(long after, int limit, CancellationToken cancellationToken) =>
        _reads.ReadSequenceNumbersAfterAsync(after, limit, cancellationToken);

    public Task<IReadOnlyList<TransactionPosition>> ReadBelowTransactionHorizonAsync(TransactionPosition after, int limit, CancellationToken cancellationToken) =>
        _reads.ReadBelowTransactionHorizonAsync(after, limit, cancellationToken);

    public StoreErrorKind Classify(Exception exception) => PostgresErrorClassifier.Classify(exception);

    /// <summary>PostgreSQL has both: sequences (<c>nextval</c>) and 64-bit transaction ids with snapshots to compare them to.</summary>
    public string? Lacks(StoreFeature feature) => null;

    /// <summary>
    /// The raw ceiling's connections: like the batch writers' (no reset when a connection goes back to the pool, the
    /// statements prepared), as many as the store's pool, so that no strategy's write path is cheaper than the ceiling's.
    /// </summary>
    private static NpgsqlDataSource RawWriterSource(string connectionString) =>
        NpgsqlDataSource.Create(new NpgsqlConnectionStringBuilder(connectionString) { NoResetOnClose = true, ApplicationName = "commit-lab raw writer" }.ConnectionString);

    /// <summary>
    /// The batch writers' own connections: a batcher writes one batch after another on the same few connections, and a
    /// batch statement leaves nothing behind on its connection (auto-commit, no settings, no locks once it returns), so
    /// a connection goes back without the pool's reset (seven statements sent ahead of the next batch) and keeps its
    /// prepared batch statements. Kept apart from the shared pool so a batcher never waits behind other sessions.
    /// </summary>
    private static NpgsqlDataSource BatchWriterSource(string connectionString) =>
        NpgsqlDataSource.Create(new NpgsqlConnectionStringBuilder(connectionString)
        {
            NoResetOnClose = true,
            MaxPoolSize = BatchWriterConnections,
            ApplicationName = "commit-lab batch writer",
        }.ConnectionString);

    /// <remarks>
    /// The batch statement sends each column as one array: an array holds at most 134 217 727 elements (MaxArraySize),
    /// and no value may exceed 1 GB (MaxAllocSize). The payloads' array is the largest and the server keeps a jsonb copy
    /// of it beside the text while the statement runs, so a batch stops at a quarter of that, 256 MiB of contents.
    /// </remarks>
    public StoreBatchLimits BatchLimits { get; } = new(maxEvents: 134_217_727, maxBytes: 256L * 1024 * 1024);

    /// <summary>
    /// Closes the pooled connections no one holds. Npgsql learns that a server ended an idle connection only when the
    /// connection is next used, so after connections were ended under it the next read would fail once on a dead one.
    /// </summary>
    public void DropIdleConnections()
    {
        _dataSource.Clear();
        _batchWriters.Clear();
        _rawWriters.Clear();
    }

    /// <summary>Closes the store's connections and then runs what it was given to run on disposal, once however often it is disposed.</summary>
    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return;
        }

        await CloseConnectionsAsync().ConfigureAwait(false);
        if (_onDispose is not null)
        {
            await _onDispose().ConfigureAwait(false);
        }
    }

    private async ValueTask CloseConnectionsAsync()
    {
        await _batchWriters.DisposeAsync().ConfigureAwait(false);
        await _rawWriters.DisposeAsync().ConfigureAwait(false);
        await _dataSource.DisposeAsync().ConfigureAwait(false);
    }
}
