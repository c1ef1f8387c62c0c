using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// The convenient transaction API of the specification: run the callback in a transaction and commit, retrying the
/// whole transaction on TransientTransactionError and the commit on UnknownTransactionCommitResult, until 120 s have
/// passed since the first attempt.
/// </summary>
public static class MongoTransactions
{
    public static readonly TimeSpan TimeLimit = TimeSpan.FromSeconds(120);

    public static async Task<T> WithTransactionAsync<T>(
        MongoSession session, Func<MongoSession, CancellationToken, Task<T>> callback, MongoTransactionOptions? options,
        TimeProvider time, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(session);
        ArgumentNullException.ThrowIfNull(callback);
        ArgumentNullException.ThrowIfNull(time);
        var started = time.GetTimestamp();
        bool WithinLimit() => time.GetElapsedTime(started) < TimeLimit;
        while (true)
        {
            session.StartTransaction(options);
            T result;
            try
            {
                result = await callback(session, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e)
            {
                if (session.InTransaction)
                {
                    await session.AbortTransactionAsync(cancellationToken).ConfigureAwait(false);
                }

                if (e is MongoException mongo && mongo.HasLabel(MongoException.TransientTransactionError) && WithinLimit())
                {
                    continue;
                }

                throw;
            }

            if (!session.InTransaction)
            {
                // The callback committed or aborted itself.
                return result;
            }

            try
            {
                await CommitWithRetryAsync(session, time, started, cancellationToken).ConfigureAwait(false);
                return result;
            }
            catch (MongoException e) when (e.HasLabel(MongoException.TransientTransactionError) && WithinLimit())
            {
            }
        }
    }

    /// <summary>Commits, and commits again while the result is unknown (UnknownTransactionCommitResult), within the time limit.</summary>
    public static async Task CommitWithRetryAsync(MongoSession session, TimeProvider time, long startedTimestamp, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(session);
        ArgumentNullException.ThrowIfNull(time);
        while (true)
        {
            try
            {
                await session.CommitTransactionAsync(cancellationToken).ConfigureAwait(false);
                return;
            }
            catch (MongoException e) when (e.HasLabel(MongoException.UnknownTransactionCommitResult) && e is not MongoServerException { Code: MongoServerException.MaxTimeMsExpired }
                                                 && time.GetElapsedTime(startedTimestamp) < TimeLimit)
            {
            }
        }
    }
}
