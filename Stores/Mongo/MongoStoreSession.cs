using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// The store port's operations through the driver; in a transaction, through its session (started and committed
/// explicitly, so that every retry is the strategies' and is counted), otherwise each operation on its own.
/// </summary>
internal sealed class MongoStoreSession(IClientSessionHandle? transaction, MongoEventCollections collections, IMongoCollection<BsonDocument> serverSequence) : IStoreSession
{
    /// <summary>How many times a commit whose result is unknown is sent again as a commit before the lab looks it up.</summary>
    public const int CommitAttempts = 3;

    private static readonly FilterDefinition<BsonDocument> EventsCounter = Builders<BsonDocument>.Filter.Eq("_id", MongoEventDocuments.EventsCounterId);
    private static readonly FindOneAndUpdateOptions<BsonDocument> Before = new() { ReturnDocument = ReturnDocument.Before };

    // Once commitTransaction was sent the transaction can no longer be aborted, only committed again.
    private bool _commitSent;

    // The count command is not allowed in a transaction; countDocuments' aggregation is.
    public Task<long> CountEventsAsync(CancellationToken cancellationToken) => transaction is null
        ? collections.Events.CountDocumentsAsync(FilterDefinition<BsonDocument>.Empty, cancellationToken: cancellationToken)
        : collections.Events.CountDocumentsAsync(transaction, FilterDefinition<BsonDocument>.Empty, cancellationToken: cancellationToken);

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
        var before = transaction is null
            ? await collections.Counters.FindOneAndUpdateAsync(EventsCounter, update, Before, cancellationToken).ConfigureAwait(false)
            : await collections.Counters.FindOneAndUpdateAsync(transaction, EventsCounter, update, Before, cancellationToken).ConfigureAwait(false);
        return before?["next"].ToInt64() ?? throw MissingCounter();
    }

    public async Task<long> AlignSequenceCounterWithLogAsync(CancellationToken cancellationToken)
    {
        if (transaction is null)
        {
            throw new InvalidOperationException("The sequence counter can only be aligned with the log in a transaction.");
        }

        // The transaction reads one snapshot; a reservation committed after it began wrote the counter too, so this write
        // then fails with a write conflict (transient) instead of setting the counter below that reservation.
        var next = (await ReadHighestSequenceNumberAsync(cancellationToken).ConfigureAwait(false) ?? -1) + 1;
        _ = await collections.Counters.FindOneAndUpdateAsync(transaction, EventsCounter, Builders<BsonDocument>.Update.Set("next", next), Before, cancellationToken)
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
        return transaction is null
            ? collections.Events.InsertManyAsync(documents, ordered, cancellationToken)
            : collections.Events.InsertManyAsync(transaction, documents, ordered, cancellationToken);
    }

    /// <summary>
    /// MongoDB's counterpart of <c>nextval</c>: the numbers come from a counter document incremented on its own, outside
    /// this session's transaction, so a rolled-back commit leaves its numbers unused and commits may land out of number order.
    /// </summary>
    public async Task<IReadOnlyList<long>> InsertEventsNumberedByServerAsync(CommitRequest request, bool recordTransaction, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        if (recordTransaction)
        {
            throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.TransactionHorizon));
        }

        var before = await serverSequence.FindOneAndUpdateAsync(
            Builders<BsonDocument>.Filter.Eq("_id", MongoEventDocuments.ServerSequenceId), Builders<BsonDocument>.Update.Inc("next", (long)request.Events.Count),
            Before, cancellationToken).ConfigureAwait(false) ?? throw MissingCounter();
        var first = before["next"].ToInt64();
        await InsertEventsAsync(request.Stamp(first), cancellationToken).ConfigureAwait(false);
        return [.. Enumerable.Range(0, request.Events.Count).Select(i => first + i)];
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
        var result = transaction is null
            ? await collections.Aggregates.UpdateOneAsync(filter, update, options, cancellationToken).ConfigureAwait(false)
            : await collections.Aggregates.UpdateOneAsync(transaction, filter, update, options, cancellationToken).ConfigureAwait(false);
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
    public async Task<IReadOnlyList<BatchCommitAnswer>> WriteBatchAsync(IReadOnlyList<CommitRequest> batch, CancellationToken cancellationToken)
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
            var result = transaction is null
                ? await collections.Aggregates.BulkWriteAsync(models, ordered, cancellationToken).ConfigureAwait(false)
                : await collections.Aggregates.BulkWriteAsync(transaction, models, ordered, cancellationToken).ConfigureAwait(false);
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

        var next = await ReserveSequenceNumbersAsync(plan.AcceptedEvents, cancellationToken).ConfigureAwait(false);
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
    /// Commits; a commit whose result is unknown (a network error or a lost primary at commitTransaction, labelled
    /// UnknownTransactionCommitResult) is sent again as a commit of the same transaction, which cannot write it twice,
    /// up to <see cref="CommitAttempts"/> times; then its outcome is the lab's to settle by looking the commit up.
    /// </summary>
    public async Task CommitAsync(CancellationToken cancellationToken)
    {
        if (transaction is null)
        {
            return;
        }

        _commitSent = true;
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                await transaction.CommitTransactionAsync(cancellationToken).ConfigureAwait(false);
                return;
            }
            catch (MongoException e) when (e.HasErrorLabel(MongoErrorClassifier.UnknownTransactionCommitResult))
            {
                if (attempt == CommitAttempts)
                {
                    throw new WriteOutcomeUnknownException("commitTransaction", e);
                }
            }
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (transaction is null)
        {
            return;
        }

        try
        {
            // The driver ignores an abort's errors: the server ends the transaction on its own when the session goes.
            if (!_commitSent && transaction.IsInTransaction)
            {
                await transaction.AbortTransactionAsync(CancellationToken.None).ConfigureAwait(false);
            }
        }
        finally
        {
            transaction.Dispose();
        }
    }

    private IFindFluent<BsonDocument, BsonDocument> Find(IMongoCollection<BsonDocument> collection, FilterDefinition<BsonDocument> filter) =>
        transaction is null ? collection.Find(filter) : collection.Find(transaction, filter);

    private static InvalidOperationException MissingCounter() =>
        new("The counter document is missing; the store was not created by MongoEventStore.CreateAsync.");
}
