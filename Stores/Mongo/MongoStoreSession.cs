using EventCommitLab.Stores.Mongo.Wire;
using EventCommitLab.Strategies.Dcb;
using EventCommitLab.Strategies.Model;
using EventCommitLab.Strategies.Port;
using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo;

/// <summary>The store port's operations on one pooled connection; in a transaction, through the connection's session.</summary>
internal sealed class MongoStoreSession(MongoConnectionLease lease, MongoSession? transaction, MongoEventCollections collections) : IStoreSession
{
    private const int MaxBatchCount = 100_000;

    private readonly MongoEventCollections _collections = collections.On(lease);

    // The count command is not allowed in a transaction; countDocuments' aggregation is.
    public Task<long> CountEventsAsync(CancellationToken cancellationToken) =>
        _collections.Events.CountDocumentsAsync(new BsonDocument(), transaction, cancellationToken);

    public async Task<long?> ReadHighestSequenceNumberAsync(CancellationToken cancellationToken)
    {
        var highest = new MongoFindOptions(Sort: new BsonDocument("_id", -1), Projection: new BsonDocument("_id", 1), Limit: 1, SingleBatch: true);
        await foreach (var document in _collections.Events.FindAsync(new BsonDocument(), highest, transaction, cancellationToken).ConfigureAwait(false))
        {
            return document["_id"].ToInt64();
        }

        return null;
    }

    public async Task<long> ReserveSequenceNumbersAsync(int count, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(count, 1);
        var before = await _collections.Counters.FindAndModifyAsync(
            new BsonDocument("_id", MongoEventDocuments.EventsCounterId), new BsonDocument("$inc", new BsonDocument("next", new BsonInt64(count))), transaction, cancellationToken)
            .ConfigureAwait(false);
        return before?["next"].ToInt64() ?? throw new InvalidOperationException("The events counter document is missing; the store was not created by MongoEventStore.CreateAsync.");
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
        _ = await _collections.Counters.FindAndModifyAsync(
            new BsonDocument("_id", MongoEventDocuments.EventsCounterId), new BsonDocument("$set", new BsonDocument("next", new BsonInt64(next))), transaction, cancellationToken)
            .ConfigureAwait(false)
            ?? throw new InvalidOperationException("The events counter document is missing; the store was not created by MongoEventStore.CreateAsync.");
        return next;
    }

    public Task InsertEventAsync(StoredEvent storedEvent, CancellationToken cancellationToken) => InsertEventsAsync([storedEvent], cancellationToken);

    public async Task InsertEventsAsync(IReadOnlyList<StoredEvent> storedEvents, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(storedEvents);
        foreach (var batch in Batches(MongoEventDocuments.ToDocuments(storedEvents, lease.Hello.MaxBsonObjectBytes), lease.Hello.MaxMessageBytes - (16 * 1024)))
        {
            await _collections.Events.InsertManyAsync(batch, transaction, cancellationToken).ConfigureAwait(false);
        }
    }

    public Task<IReadOnlyList<long>> InsertEventsNumberedByServerAsync(CommitRequest request, bool recordTransaction, CancellationToken cancellationToken) =>
        throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.ServerSequence));

    public Task<bool> AnyEventMatchesAsync(AppendCondition condition, CancellationToken cancellationToken) =>
        throw new NotSupportedException(MongoFeatures.Lacks(StoreFeature.AppendConditions));

    public async Task<AggregateVersionCheck> TryAdvanceAggregateVersionAsync(
        AggregateKey aggregate, long expectedVersion, long nextVersion, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(aggregate);
        var id = MongoEventDocuments.AggregateId(aggregate);

        // An upsert that only sets on insert, or an update filtered on the expected version, reports a mismatch as
        // "nothing changed": an error would abort the whole transaction and with it the other commits of a batch.
        var advanced = expectedVersion == 0
            ? (await _collections.Aggregates.UpdateAsync(new BsonDocument("_id", id), new BsonDocument("$setOnInsert", new BsonDocument("version", new BsonInt64(nextVersion))),
                transaction, cancellationToken, upsert: true).ConfigureAwait(false)).UpsertedId is not null
            : (await _collections.Aggregates.UpdateAsync(new BsonDocument { ["_id"] = id, ["version"] = new BsonInt64(expectedVersion) },
                new BsonDocument("$set", new BsonDocument("version", new BsonInt64(nextVersion))), transaction, cancellationToken).ConfigureAwait(false)).Modified == 1;
        if (advanced)
        {
            return AggregateVersionCheck.Success;
        }

        await foreach (var found in _collections.Aggregates.FindAsync(new BsonDocument("_id", id), new MongoFindOptions(Limit: 1, SingleBatch: true), transaction, cancellationToken)
                           .ConfigureAwait(false))
        {
            return AggregateVersionCheck.Mismatch(found["version"].ToInt64());
        }

        return AggregateVersionCheck.Mismatch(0);
    }

    /// <summary>
    /// A batch in this transaction with a fixed number of round trips whatever its size: one read of its aggregates, one
    /// update command for those it advances, one counter reservation, then the insert (one command per 48 MB message).
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
            await foreach (var found in _collections.Aggregates.FindAsync(new BsonDocument("_id", new BsonDocument("$in", ids)), null, transaction, cancellationToken)
                               .ConfigureAwait(false))
            {
                var id = found["_id"].AsBsonDocument;
                versions[new AggregateKey(id["eventSource"].AsString, id["aggregateType"].AsString)] = found["version"].ToInt64();
            }
        }

        var plan = MongoBatchPlan.Decide(batch, versions);
        if (plan.Updates.Count > 0)
        {
            var changed = await _collections.Aggregates.UpdateEachAsync(plan.Updates, transaction, cancellationToken).ConfigureAwait(false);
            if (changed != plan.Updates.Count)
            {
                throw new InvalidOperationException(
                    $"The batch's aggregate updates matched {changed} of {plan.Updates.Count} aggregates its own transaction had read; nothing was committed.");
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

    public async Task CommitAsync(CancellationToken cancellationToken)
    {
        if (transaction is not null)
        {
            await MongoTransactions.CommitWithRetryAsync(transaction, TimeProvider.System, TimeProvider.System.GetTimestamp(), cancellationToken).ConfigureAwait(false);
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (transaction is { InTransaction: true })
        {
            await transaction.AbortTransactionAsync(CancellationToken.None).ConfigureAwait(false);
        }

        transaction?.Dispose();
        await lease.DisposeAsync().ConfigureAwait(false);
    }

    internal static IEnumerable<BsonDocument[]> Batches(BsonDocument[] documents, int maxBytes)
    {
        var batch = new List<BsonDocument>();
        var bytes = 0;
        foreach (var document in documents)
        {
            var size = document.ToBson().Length;
            if (batch.Count > 0 && (bytes + size > maxBytes || batch.Count == MaxBatchCount))
            {
                yield return [.. batch];
                batch.Clear();
                bytes = 0;
            }

            batch.Add(document);
            bytes += size;
        }

        if (batch.Count > 0)
        {
            yield return [.. batch];
        }
    }
}
