using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// A client session and its transactions as MongoDB's transactions specification describes them: every command
/// carries the session's lsid; in a transaction each carries the txnNumber and autocommit: false, the first one also
/// startTransaction: true and the read concern, and only commitTransaction and abortTransaction carry the write
/// concern. The session is causally consistent: once a reply has reported an operationTime, later commands read after
/// it (readConcern.afterClusterTime). Its server session comes from the client's pool and goes back on Dispose.
/// Not thread-safe: one session, one logical thread.
/// </summary>
public sealed class MongoSession : IDisposable
{
    private const int RetryWTimeoutMs = 10_000;

    private readonly IMongoCommandRunner _runner;
    private readonly MongoTransactionOptions? _defaultTransactionOptions;
    private readonly MongoServerSessionPool? _pool;
    private readonly MongoServerSession _server;
    private readonly TimeProvider _time = TimeProvider.System;
    private MongoTransactionOptions _options = new();
    private bool _emptyCommit;
    private int _disposed;

    /// <param name="runner">Where commands go: a client, or one pooled connection a transaction is pinned to.</param>
    /// <param name="defaultTransactionOptions">What a transaction uses where its own options are unset.</param>
    /// <param name="pool">The pool to take the server session from and return it to; null for a session of its own.</param>
    public MongoSession(IMongoCommandRunner runner, MongoTransactionOptions? defaultTransactionOptions = null, MongoServerSessionPool? pool = null)
    {
        ArgumentNullException.ThrowIfNull(runner);
        _runner = runner;
        _defaultTransactionOptions = defaultTransactionOptions;
        _pool = pool;
        _server = pool?.Acquire() ?? new MongoServerSession();
    }

    public BsonDocument Lsid => _server.Lsid;

    public long TxnNumber => _server.TxnNumber;

    public MongoTransactionState State { get; private set; } = MongoTransactionState.None;

    /// <summary>The latest operationTime a reply on this session reported.</summary>
    public BsonTimestamp? OperationTime { get; private set; }

    public bool InTransaction => State is MongoTransactionState.Starting or MongoTransactionState.InProgress;

    /// <summary>Starts a transaction; no command is sent until the first operation in it.</summary>
    /// <exception cref="InvalidOperationException">A transaction is already in progress, or the write concern is w: 0.</exception>
    public void StartTransaction(MongoTransactionOptions? options = null)
    {
        if (InTransaction)
        {
            throw new InvalidOperationException("Transaction already in progress on this session; commit or abort it first.");
        }

        var effective = (options ?? new MongoTransactionOptions()).Or(_defaultTransactionOptions);
        if (effective.IsUnacknowledged)
        {
            throw new InvalidOperationException("Transactions do not support unacknowledged write concern (w: 0); use w: 1, w: \"majority\" or a tag.");
        }

        _server.NextTxnNumber();
        _options = effective;
        _emptyCommit = false;
        State = MongoTransactionState.Starting;
    }

    /// <summary>Runs a command in the session, and in its transaction if one is open.</summary>
    /// <exception cref="MongoException">The command failed; in a transaction a network error is labelled TransientTransactionError.</exception>
    public async Task<BsonDocument> RunCommandAsync(string database, BsonDocument command, IReadOnlyList<DocumentSequence>? sequences, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(command);
        var decorated = new BsonDocument(command) { ["lsid"] = Lsid };
        var inTransaction = InTransaction;
        if (inTransaction)
        {
            // A transaction's statements take the transaction's concerns, never their own or their collection's.
            decorated.Remove("readConcern");
            decorated.Remove("writeConcern");
            decorated["txnNumber"] = new BsonInt64(TxnNumber);
            if (State == MongoTransactionState.Starting)
            {
                decorated["startTransaction"] = true;
                if (ReadConcern(_options.ReadConcernLevel) is { } readConcern)
                {
                    decorated["readConcern"] = readConcern;
                }
            }

            decorated["autocommit"] = false;
            State = MongoTransactionState.InProgress;
        }
        else
        {
            // An operation after a transaction ended leaves it behind: committing or aborting again is an error.
            State = MongoTransactionState.None;
            if (OperationTime is not null && !IsCursorContinuation(decorated))
            {
                var level = decorated.TryGetValue("readConcern", out var given) && given is BsonDocument document && document.TryGetValue("level", out var l) ? l.AsString : null;
                decorated["readConcern"] = ReadConcern(level)!;
            }
        }

        _server.LastUsedTimestamp = _time.GetTimestamp();
        try
        {
            return Observe(await _runner.RunCommandAsync(database, decorated, sequences, cancellationToken).ConfigureAwait(false));
        }
        catch (MongoServerException e)
        {
            Observe(e.OperationTime);
            throw;
        }
        catch (MongoNetworkException e)
        {
            // The server may hold the session in a state the client cannot know: it is not pooled again.
            _server.IsDirty = true;
            if (inTransaction)
            {
                e.AddLabel(MongoException.TransientTransactionError);
            }

            throw;
        }
        catch (MongoConnectionException e) when (inTransaction)
        {
            e.AddLabel(MongoException.TransientTransactionError);
            throw;
        }
    }

    /// <summary>
    /// Commits. A transaction with no command commits without a round trip. As the specification has it, the
    /// transaction counts as committed once commit is called, so a commit that failed may be called again: it is then
    /// sent with w: majority, since the first may have been applied. A network error or a RetryableWriteError is
    /// retried once here. An error after which the outcome is unknown is labelled UnknownTransactionCommitResult; the
    /// caller may commit again (see <see cref="MongoTransactions"/>).
    /// </summary>
    /// <exception cref="InvalidOperationException">No transaction was started, or it was aborted.</exception>
    public async Task CommitTransactionAsync(CancellationToken cancellationToken)
    {
        switch (State)
        {
            case MongoTransactionState.None:
                throw new InvalidOperationException("No transaction started on this session: call StartTransaction first.");
            case MongoTransactionState.Aborted:
                throw new InvalidOperationException("Cannot call commitTransaction after calling abortTransaction.");
            case MongoTransactionState.Starting:
                State = MongoTransactionState.Committed;
                _emptyCommit = true;
                return;
            case MongoTransactionState.Committed when _emptyCommit:
                return;
        }

        var again = State == MongoTransactionState.Committed;
        State = MongoTransactionState.Committed;
        try
        {
            await SendRetryingOnceAsync("commitTransaction", majorityFirst: again, majorityOnRetry: true, cancellationToken).ConfigureAwait(false);
        }
        catch (MongoException e)
        {
            LabelCommitError(e);
            throw;
        }
    }

    /// <summary>
    /// Aborts, retrying once after a retryable error; any error is then ignored, as the specification asks: the server
    /// ends an abandoned transaction itself.
    /// </summary>
    /// <exception cref="InvalidOperationException">No transaction was started, or it was already committed or aborted.</exception>
    public async Task AbortTransactionAsync(CancellationToken cancellationToken)
    {
        switch (State)
        {
            case MongoTransactionState.None:
                throw new InvalidOperationException("No transaction started on this session: call StartTransaction first.");
            case MongoTransactionState.Committed:
                throw new InvalidOperationException("Cannot call abortTransaction after calling commitTransaction.");
            case MongoTransactionState.Aborted:
                throw new InvalidOperationException("Cannot call abortTransaction twice.");
            case MongoTransactionState.Starting:
                State = MongoTransactionState.Aborted;
                return;
        }

        State = MongoTransactionState.Aborted;
        try
        {
            await SendRetryingOnceAsync("abortTransaction", majorityFirst: false, majorityOnRetry: false, cancellationToken).ConfigureAwait(false);
        }
        catch (MongoException)
        {
        }
    }

    /// <summary>Ends the session: its server session goes back to the pool. A transaction still open is left to the server's timeout.</summary>
    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            _pool?.Release(_server);
        }
    }

    /// <summary>Commit and abort: sent once more after a network error or a RetryableWriteError, never more.</summary>
    private async Task SendRetryingOnceAsync(string name, bool majorityFirst, bool majorityOnRetry, CancellationToken cancellationToken)
    {
        try
        {
            await SendAsync(name, majorityFirst, cancellationToken).ConfigureAwait(false);
        }
        catch (MongoException e) when (IsRetryable(e))
        {
            await SendAsync(name, majorityOnRetry, cancellationToken).ConfigureAwait(false);
        }
    }

    private async Task SendAsync(string name, bool retry, CancellationToken cancellationToken)
    {
        var command = new BsonDocument { [name] = 1, ["lsid"] = Lsid, ["txnNumber"] = new BsonInt64(TxnNumber), ["autocommit"] = false };
        if ((retry ? RetryWriteConcern(_options.WriteConcern) : _options.WriteConcern) is { } writeConcern)
        {
            command["writeConcern"] = writeConcern;
        }

        if (name == "commitTransaction" && _options.MaxCommitTime is { } limit)
        {
            command["maxTimeMS"] = (int)limit.TotalMilliseconds;
        }

        _server.LastUsedTimestamp = _time.GetTimestamp();
        try
        {
            Observe(await _runner.RunCommandAsync("admin", command, null, cancellationToken).ConfigureAwait(false));
        }
        catch (MongoServerException e)
        {
            Observe(e.OperationTime);
            throw;
        }
        catch (MongoNetworkException e)
        {
            // Commit and abort are retryable writes whatever retryWrites says.
            _server.IsDirty = true;
            e.AddLabel(MongoException.RetryableWriteError);
            throw;
        }
    }

    /// <summary>A retried commit may be the second application of one: it asks for w: majority, keeping j and wtimeout.</summary>
    private static BsonDocument RetryWriteConcern(BsonDocument? original)
    {
        var concern = original is null ? new BsonDocument() : new BsonDocument(original);
        concern["w"] = "majority";
        if (!concern.Contains("wtimeout"))
        {
            concern["wtimeout"] = RetryWTimeoutMs;
        }

        return concern;
    }

    private static void LabelCommitError(MongoException e)
    {
        var unknown = e switch
        {
            MongoNetworkException or MongoConnectionException => true,
            MongoServerException server => server.HasLabel(MongoException.RetryableWriteError)
                                           || server.Code == MongoServerException.MaxTimeMsExpired
                                           || (server.IsWriteConcernError && server.Code is not (MongoServerException.UnsatisfiableWriteConcern or MongoServerException.UnknownReplWriteConcern)),
            _ => false,
        };
        if (unknown)
        {
            e.RemoveLabel(MongoException.TransientTransactionError);
            e.AddLabel(MongoException.UnknownTransactionCommitResult);
        }
    }

    private static bool IsRetryable(MongoException e) => e is MongoNetworkException || e.HasLabel(MongoException.RetryableWriteError);

    private static bool IsCursorContinuation(BsonDocument command) => command.ElementCount > 0 && command.GetElement(0).Name is "getMore" or "killCursors";

    private BsonDocument? ReadConcern(string? level)
    {
        var readConcern = new BsonDocument();
        if (level is not null)
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
        Observe(reply.TryGetValue("operationTime", out var time) ? time as BsonTimestamp : null);
        return reply;
    }

    private void Observe(BsonTimestamp? time)
    {
        if (time is not null && (OperationTime is null || time > OperationTime))
        {
            OperationTime = time;
        }
    }
}
