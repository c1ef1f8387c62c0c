using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// The store port's operations through the driver, all in one explicit session: in a transaction (started and
/// committed explicitly, so that every retry is the strategies' and is counted), or each operation on its own. A write
/// whose answer was lost leaves the session's id in <paramref name="inDoubt"/>, for the lookup to end it first.
/// </summary>
internal sealed class MongoStoreSession(
    IClientSessionHandle session, MongoEventCollections collections, IMongoCollection<BsonDocument> serverSequence, MongoSessionsInDoubt inDoubt, MongoCommitCount commits)
    : IStoreSession
{
    /// <summary>How many times a commit whose result is unknown is sent again as a commit before the lab looks it up.</summary>
    public const int CommitAttempts = 3;

    private static readonly FilterDefinition<BsonDocument> EventsCounter = Builders<BsonDocument>.Filter.Eq("_id", MongoEventDocuments.EventsCounterId);
    private static readonly FindOneAndUpdateOptions<BsonDocument> Before = new() { ReturnDocument = ReturnDocument.Before };

    // Once commitTransaction was sent the transaction can no longer be aborted, only committed again.
    private bool _commitSent;

    // The count command is not allowed in a transaction; countDocuments' aggregation is.
    public Task<long> CountEventsAsync(CancellationToken cancellationToken) =>
        collections.Events.CountDocumentsAsync(session, FilterDefinition<BsonDocument>.Empty, cancellationToken: cancellationToken);

    public async Task<long?> ReadHighestSequenceNumberAsync(CancellationToken cancellationToken)
    {
        var highest = await Find(collections.Events, FilterDefinition<BsonDocument>.Empty)
            .Sort(Builders<BsonDocument>.Sort.Descending("_id")).Project(Builders<BsonDocument>.Projection.Include("_id")).Limit(1)
            .FirstOrDefaultAsync(cancellationToken).ConfigureAwait(false);
        return highest?["_id"].ToInt64();
    }

    public async Task<long> ReserveSequenceNumbersAsync(int count, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, 1);
        var update = Builders<BsonDocument>.Update.Inc("next", (long)count);
        var before = await WriteAsync(() => collections.Counters.FindOneAndUpdateAsync(session, EventsCounter, update, Before, cancellationToken)).ConfigureAwait(false);
        return before?["next"].ToInt64() ?? throw MissingCounter();
    }

    public async Task<long> AlignSequenceCounterWithLogAsync(CancellationToken cancellationToken)
    {
        if (!session.IsInTransaction)
        {
            throw new InvalidOperationException("The sequence counter can only be aligned with the log in a transaction.");
        }

        // The transaction reads one snapshot; a reservation committed after it began wrote the counter too, so this write
        // then fails with a write conflict (transient) instead of setting the counter below that reservation.
        var next = (await ReadHighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false) ?? -1) + 1;
        _ = await collections.Counters.FindOneAndUpdateAsync(session, EventsCounter, Builders<BsonDocument>.Update.Set("next", next), Before, cancellationToken)
                .ConfigureAwait(false)
            ?? throw MissingCounter();
        return next;
    }

    public Task InsertEventAsync(StoredEvent storedEvent, CancellationToken cancellationToken) => InsertEventsAsync([storedEvent], cancellationToken);

    // The driver splits an insert larger than the server's message and batch limits into as many commands as it needs.
    public Task InsertEventsAsync(IReadOnlyList<StoredEvent> storedEvents, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);
        var documents = MongoEventDocuments.ToDocuments(storedEvents, MongoEventDocuments.MaxDocumentBytes);
        var ordered = new InsertManyOptions { IsOrdered = true };
        return WriteAsync(async () =>
        {
            await collections.Events.InsertManyAsync(session, documents, ordered, cancellationToken).ConfigureAwait(false);
            return true;
        });
    }

    /// <summary>
    /// MongoDB's counterpart of <c>nextval</c>: the numbers come from a counter document incremented on its own, outside
    /// this session's transaction, so a rolled-back commit leaves its numbers unused and commits may land out of number
    /// order. Two round trips for one event; several events outside a transaction take a third, their commit.
    /// </summary>
    public async Task<IReadOnlyList<long>> InsertEventsNumberedByServerAsync(CommitRequest request, bool recordTransaction, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (recordTransaction)
        {
            throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.TransactionHorizon));
        }

        var first = await TakeServerNumbersAsync(request.Events.Count, cancellationToken).ConfigureAwait(false);
        if (session.IsInTransaction || request.Events.Count == 1)
        {
            await InsertEventsAsync(request.Stamp(first), cancellationToken).ConfigureAwait(false);
        }
        else
        {
            // One ordered insert of several documents outside a transaction may apply in part (the strategy claims
            // atomic commits): they go in a transaction of their own, with the session's default options.
            session.StartTransaction();
            await InsertEventsAsync(request.Stamp(first), cancellationToken).ConfigureAwait(false);
            await CommitAsync(cancellationToken).ConfigureAwait(false);
        }

        return [.. Enumerable.Range(0, request.Events.Count).Select(i => first + i)];
    }

    // Its own write, in no transaction, as nextval is; a session in a transaction would make it part of the commit.
    private async Task<long> TakeServerNumbersAsync(int count, CancellationToken cancellationToken)
    {
        var before = await serverSequence.FindOneAndUpdateAsync(
            Builders<BsonDocument>.Filter.Eq("_id", MongoEventDocuments.ServerSequenceId), Builders<BsonDocument>.Update.Inc("next", (long)count),
            Before, cancellationToken).ConfigureAwait(false) ?? throw MissingCounter();
        return before["next"].ToInt64();
    }

    public Task<bool> AnyEventMatchesAsync(AppendCondition condition, CancellationToken cancellationToken) =>
        throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.AppendConditions));

    public async Task<AggregateVersionCheck> TryAdvanceAggregateVersionAsync(
        AggregateKey aggregate, long expectedVersion, long nextVersion, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(aggregate);
        var id = MongoEventDocuments.AggregateId(aggregate);

        // An upsert that only sets on insert, or an update filtered on the expected version, reports a mismatch as
        // "nothing changed": an error would abort the whole transaction and with it the other commits of a batch.
        var (filter, update, upsert) = expectedVersion == 0
            ? (new BsonDocument("_id", id), new BsonDocument("$setOnInsert", new BsonDocument("version", nextVersion)), true)
            : (new BsonDocument { ["_id"] = id, ["version"] = expectedVersion }, new BsonDocument("$set", new BsonDocument("version", nextVersion)), false);
        var options = new UpdateOptions { IsUpsert = upsert };
        var result = await WriteAsync(() => collections.Aggregates.UpdateOneAsync(session, filter, update, options, cancellationToken)).ConfigureAwait(false);
        if (upsert ? result.UpsertedId is not null : result.ModifiedCount == 1)
        {
            return AggregateVersionCheck.Success;
        }

        return AggregateVersionCheck.Mismatch(await ReadAggregateVersionAsync(aggregate, cancellationToken).ConfigureAwait(false));
    }

    public async Task<long> ReadAggregateVersionAsync(AggregateKey aggregate, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(aggregate);
        var found = await Find(collections.Aggregates, new BsonDocument("_id", MongoEventDocuments.AggregateId(aggregate))).Limit(1)
            .FirstOrDefaultAsync(cancellationToken).ConfigureAwait(false);
        return found?["version"].ToInt64() ?? 0;
    }

    /// <summary>
    /// A batch in this transaction with a fixed number of round trips whatever its size: one read of its aggregates, one
    /// ordered bulk write of the version-filtered updates for those it advances, one counter reservation, then the insert.
    /// The caller commits.
    /// </summary>
    public Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken) =>
        WriteBatchAsync(batch, ReserveSequenceNumbersAsync, cancellationToken);

    /// <summary>
    /// <see cref="WriteBatchAsync(IReadOnlyList{CommitRequest}, CancellationToken)"/> numbered by the server sequence's
    /// document, incremented outside this transaction as <see cref="InsertEventsNumberedByServerAsync"/> does: batches
    /// then share no document but the aggregates they both commit to. The caller commits.
    /// </summary>
    public Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchNumberedByServerAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken) =>
        WriteBatchAsync(batch, TakeServerNumbersAsync, cancellationToken);

    private async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(
        IReadOnlyList<CommitRequest> batch, Func<int, CancellationToken, Task<long>> reserve, CancellationToken cancellationToken)
    {
        CommitBatch.EnsureWritable(batch);
        if (batch.Any(r => r.Condition is not null))
        {
            throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.AppendConditions));
        }

        var versions = new Dictionary<AggregateKey, long>();
        var ids = MongoBatchPlan.AggregateIds(batch);
        if (ids.Count > 0)
        {
            foreach (var found in await Find(collections.Aggregates, new BsonDocument("_id", new BsonDocument("$in", ids))).ToListAsync(cancellationToken).ConfigureAwait(false))
            {
                var id = found["_id"].AsBsonDocument;
                versions[new AggregateKey(id["eventSource"].AsString, id["aggregateType"].AsString)] = found["version"].ToInt64();
            }
        }

        var plan = MongoBatchPlan.Decide(batch, versions);
        if (plan.Updates.Count > 0)
        {
            var models = plan.Updates.Select(MongoBatchPlan.ToModel).ToArray();
            var ordered = new BulkWriteOptions { IsOrdered = true };
            var result = await WriteAsync(() => collections.Aggregates.BulkWriteAsync(session, models, ordered, cancellationToken)).ConfigureAwait(false);
            var changed = result.ModifiedCount + result.Upserts.Count;
            if (changed != plan.Updates.Count)
            {
                throw new InvalidOperationException(
                    $"The batch's aggregate updates changed {changed} of {plan.Updates.Count} aggregates its own transaction had read; nothing was committed.");
            }
        }

        var answers = new BatchCommitAnswer[batch.Count];
        if (plan.AcceptedEvents == 0)
        {
            for (var i = 0; i < batch.Count; i++)
            {
                answers[i] = plan.Answers[i]!;
            }

            return answers;
        }

        var next = await reserve(plan.AcceptedEvents, cancellationToken).ConfigureAwait(false);
        var events = new List<StoredEvent>(plan.AcceptedEvents);
        for (var i = 0; i < batch.Count; i++)
        {
            answers[i] = plan.Answers[i] ?? BatchCommitAnswer.WrittenFrom(next);
            if (plan.Answers[i] is null)
            {
                events.AddRange(batch[i].Stamp(next));
                next += batch[i].Events.Count;
            }
        }

        await InsertEventsAsync(events, cancellationToken).ConfigureAwait(false);
        return answers;
    }

    /// <summary>
    /// Commits; a commit whose result is unknown (<see cref="MongoErrorClassifier.ClassifyCommit"/>: a lost answer, a
    /// write-concern timeout, a cancellation or any error but the server's own refusal) is sent again as a commit of
    /// the same transaction, which cannot write it twice, up to <see cref="CommitAttempts"/> times or until the caller
    /// cancels; then its outcome is the lab's to settle by looking the commit up, after ending the session on the server.
    /// </summary>
    public async Task CommitAsync(CancellationToken cancellationToken)
    {
        if (!session.IsInTransaction)
        {
            return;
        }

        _commitSent = true;
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                commits.Ask();
                await session.CommitTransactionAsync(cancellationToken).ConfigureAwait(false);
                return;
            }
            catch (Exception e) when (MongoErrorClassifier.ClassifyCommit(e) == StoreErrorKind.OutcomeUnknown)
            {
                if (attempt == CommitAttempts || cancellationToken.IsCancellationRequested)
                {
                    inDoubt.Add(session);
                    throw new WriteOutcomeUnknownException("commitTransaction", e);
                }
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            // The driver ignores an abort's errors: the server ends the transaction on its own when the session goes.
            if (!_commitSent && session.IsInTransaction)
            {
                await session.AbortTransactionAsync(CancellationToken.None).ConfigureAwait(false);
            }
        }
        finally
        {
            session.Dispose();
        }
    }

    /// <summary>
    /// A write outside a transaction whose answer was lost becomes <see cref="WriteOutcomeUnknownException"/> and leaves
    /// the session for the lookup to end; in a transaction the driver labels it, and nothing is committed before the commit.
    /// </summary>
    private async Task<T> WriteAsync<T>(Func<Task<T>> write)
    {
        try
        {
            return await write().ConfigureAwait(false);
        }
        catch (Exception e) when (!session.IsInTransaction && AnswerLost(e))
        {
            inDoubt.Add(session);
            throw new WriteOutcomeUnknownException("write", e);
        }
    }

    private static bool AnswerLost(Exception exception) => exception switch
    {
        // Nothing was sent: the pool refused a connection while its server was marked unknown.
        MongoConnectionPoolPausedException => false,
        MongoException e => MongoErrorClassifier.FactsOf(e).Source is MongoErrorSource.Network or MongoErrorSource.WriteConcern,

        // The caller gave up, perhaps once the command was on the wire: the server goes on with a write whose client has
        // gone, so it may land, and a caller told it failed would read as a guarantee broken by the strategy, not the lab.
        OperationCanceledException => true,
        _ => false,
    };

    private IFindFluent<BsonDocument, BsonDocument> Find(IMongoCollection<BsonDocument> collection, FilterDefinition<BsonDocument> filter) =>
        collection.Find(session, filter);

    private static InvalidOperationException MissingCounter() =>
        new("The counter document is missing; the store was not created by MongoEventStore.CreateAsync.");
}
