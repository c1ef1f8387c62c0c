using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// A client session and its transactions as MongoDB's transactions specification describes them: every command
/// carries the session's lsid; in a transaction each carries the txnNumber and autocommit: false, the first one also
/// startTransaction: true and the read concern (with afterClusterTime once the session has seen an operationTime,
/// for causal consistency), and only commitTransaction carries the write concern. Not thread-safe: one session, one
/// logical thread.
/// </summary>
public sealed class MongoSession(IMongoCommandRunner runner)
{
    private static readonly BsonDocument RetryWriteConcern = new() { ["w"] = "majority", ["wtimeout"] = 10_000 };

    private MongoTransactionOptions _options = new();
    private bool _emptyCommit;

    public BsonDocument Lsid { get; } = new("id", new BsonBinaryData(Guid.NewGuid(), GuidRepresentation.Standard));

    public long TxnNumber { get; private set; }

    public MongoTransactionState State { get; private set; } = MongoTransactionState.None;

    /// <summary>The latest operationTime a reply on this session reported.</summary>
    public BsonTimestamp? OperationTime { get; private set; }

    public bool InTransaction => State is MongoTransactionState.Starting or MongoTransactionState.InProgress;

    public void StartTransaction(MongoTransactionOptions? options = null)
    {
        if (InTransaction)
        {
            throw new InvalidOperationException("A transaction is already in progress on this session.");
        }

        TxnNumber++;
        _options = options ?? new MongoTransactionOptions();
        _emptyCommit = false;
        State = MongoTransactionState.Starting;
    }

    /// <summary>Runs a command in the session (and in its transaction, if one is open).</summary>
    public async Task<BsonDocument> RunCommandAsync(string database, BsonDocument command, IReadOnlyList<DocumentSequence>? sequences, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(command);
        var decorated = new BsonDocument(command) { ["lsid"] = Lsid };
        if (InTransaction)
        {
            decorated["txnNumber"] = new BsonInt64(TxnNumber);
            if (State == MongoTransactionState.Starting)
            {
                decorated["startTransaction"] = true;
                if (ReadConcern() is { } readConcern)
                {
                    decorated["readConcern"] = readConcern;
                }
            }

            decorated["autocommit"] = false;
            State = MongoTransactionState.InProgress;
        }

        return Observe(await runner.RunCommandAsync(database, decorated, sequences, cancellationToken).ConfigureAwait(false));
    }

    /// <summary>
    /// Commits. A transaction with no command commits without a round trip. As the specification has it, the
    /// transaction counts as committed once commit is called, so a commit that failed may be called again: it is then
    /// sent with w: majority, since the first may have been applied. A network error or a RetryableWriteError is
    /// retried once here; UnknownTransactionCommitResult is left to the caller (see <see cref="MongoTransactions"/>).
    /// </summary>
    public async Task CommitTransactionAsync(CancellationToken cancellationToken)
    {
        if (State == MongoTransactionState.Starting)
        {
            State = MongoTransactionState.Committed;
            _emptyCommit = true;
            return;
        }

        if (State == MongoTransactionState.Committed && _emptyCommit)
        {
            return;
        }

        if (State is not (MongoTransactionState.InProgress or MongoTransactionState.Committed))
        {
            throw new InvalidOperationException($"No transaction to commit (the session's transaction is {State}).");
        }

        var again = State == MongoTransactionState.Committed;
        State = MongoTransactionState.Committed;
        try
        {
            await CommitOnceAsync(again, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (IsRetryableCommitError(e))
        {
            await CommitOnceAsync(retry: true, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Aborts; the server's answer is ignored, as the specification asks (the transaction ends either way).</summary>
    public async Task AbortTransactionAsync(CancellationToken cancellationToken)
    {
        var started = State == MongoTransactionState.InProgress;
        State = MongoTransactionState.Aborted;
        if (!started)
        {
            return;
        }

        try
        {
            await runner.RunCommandAsync("admin", TransactionCommand("abortTransaction", _options.WriteConcern), null, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is MongoServerException or MongoConnectionException or IOException or System.Net.Sockets.SocketException or MongoProtocolException)
        {
        }
    }

    private async Task CommitOnceAsync(bool retry, CancellationToken cancellationToken)
    {
        var writeConcern = retry ? Merge(_options.WriteConcern, RetryWriteConcern) : _options.WriteConcern;
        Observe(await runner.RunCommandAsync("admin", TransactionCommand("commitTransaction", writeConcern), null, cancellationToken).ConfigureAwait(false));
    }

    private BsonDocument TransactionCommand(string name, BsonDocument? writeConcern)
    {
        var command = new BsonDocument { [name] = 1, ["lsid"] = Lsid, ["txnNumber"] = new BsonInt64(TxnNumber), ["autocommit"] = false };
        if (writeConcern is not null)
        {
            command["writeConcern"] = writeConcern;
        }

        return command;
    }

    private BsonDocument? ReadConcern()
    {
        var readConcern = new BsonDocument();
        if (_options.ReadConcernLevel is { } level)
        {
            readConcern["level"] = level;
        }

        if (OperationTime is { } time)
        {
            readConcern["afterClusterTime"] = time;
        }

        return readConcern.ElementCount > 0 ? readConcern : null;
    }

    private BsonDocument Observe(BsonDocument reply)
    {
        if (reply.TryGetValue("operationTime", out var time) && time is BsonTimestamp timestamp && (OperationTime is null || timestamp > OperationTime))
        {
            OperationTime = timestamp;
        }

        return reply;
    }

    private static bool IsRetryableCommitError(Exception e) =>
        e is MongoConnectionException or IOException or System.Net.Sockets.SocketException
        || (e is MongoServerException server && server.HasLabel("RetryableWriteError"));

    private static BsonDocument Merge(BsonDocument? original, BsonDocument overrides)
    {
        var merged = original is null ? new BsonDocument() : new BsonDocument(original);
        foreach (var element in overrides)
        {
            merged[element.Name] = element.Value;
        }

        return merged;
    }
}
