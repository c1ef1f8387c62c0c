using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Stores.Mongo;

/// <summary>
/// A batch's aggregate checks decided in memory from the versions its transaction read, and the one update command
/// that advances the accepted commits' aggregates. The transaction's snapshot makes the decision hold: a rival that
/// changes one of these aggregates after the read makes the update fail with a write conflict, and the batch is retried.
/// </summary>
/// <param name="Answers">Per commit: left out (with the version read), or null while it still waits for its numbers.</param>
/// <param name="Updates">The update statements ("q", "u", "upsert"), one per aggregate with a commit that passed, in batch order.</param>
/// <param name="AcceptedEvents">Events of the commits that were not left out: the range to reserve.</param>
internal sealed record MongoBatchPlan(IReadOnlyList<BatchCommitAnswer?> Answers, IReadOnlyList<BsonDocument> Updates, int AcceptedEvents)
{
    /// <param name="batch">Commits whose aggregates are distinct but for chains (<see cref="CommitBatch"/>): a chain's
    /// commits are decided in order, each on the version the ones before it leave, and one update advances the
    /// aggregate from the version read past the chain's last commit that passed.</param>
    /// <param name="versions">The versions read in the batch's transaction; an aggregate absent from it does not exist.</param>
    public static MongoBatchPlan Decide(IReadOnlyList<CommitRequest> batch, IReadOnlyDictionary<AggregateKey, long> versions)
    {
        var answers = new BatchCommitAnswer?[batch.Count];
        var updates = new List<BsonDocument>();
        // Per aggregate met so far: the version its commits so far leave, and where its update is in the list (null: none passed yet).
        var chains = new Dictionary<AggregateKey, (long Version, int? Update)>();
        var accepted = 0;
        for (var i = 0; i < batch.Count; i++)
        {
            if (batch[i].Aggregate is { } expectation)
            {
                var exists = versions.TryGetValue(expectation.Aggregate, out var read);
                var (version, update) = chains.GetValueOrDefault(expectation.Aggregate, (read, null));
                if (version != expectation.ExpectedVersion)
                {
                    // Nothing of its chain passed before it (a commit that passes leaves the version the next one expects): the version read.
                    answers[i] = BatchCommitAnswer.LeftOut(read);
                    chains[expectation.Aggregate] = (version, update);
                    continue;
                }

                var next = batch[i].NextAggregateVersion!.Value;
                if (update is { } at)
                {
                    AdvanceFurther(updates[at], next);
                }
                else
                {
                    update = updates.Count;
                    updates.Add(Advance(expectation, exists, next));
                }

                chains[expectation.Aggregate] = (next, update);
            }

            accepted += batch[i].Events.Count;
        }

        return new MongoBatchPlan(answers, updates, accepted);
    }

    /// <summary>One update statement of <see cref="Updates"/> as the driver's model of it, sent unchanged.</summary>
    public static UpdateOneModel<BsonDocument> ToModel(BsonDocument statement)
    {
        ArgumentNullException.ThrowIfNull(statement);
        return new UpdateOneModel<BsonDocument>(statement["q"].AsBsonDocument, statement["u"].AsBsonDocument) { IsUpsert = statement.GetValue("upsert", false).AsBoolean };
    }

    /// <summary>The aggregates' _ids the batch must read, each once.</summary>
    public static BsonArray AggregateIds(IReadOnlyList<CommitRequest> batch) =>
        [.. batch.Where(r => r.Aggregate is not null).Select(r => r.Aggregate!.Aggregate).Distinct().Select(MongoEventDocuments.AggregateId)];

    // Filtered on the version read, so the statement matches exactly one document or the snapshot was overtaken.
    private static BsonDocument Advance(AggregateExpectation expectation, bool exists, long nextVersion)
    {
        var id = MongoEventDocuments.AggregateId(expectation.Aggregate);
        return exists
            ? new BsonDocument
            {
                ["q"] = new BsonDocument { ["_id"] = id, ["version"] = new BsonInt64(expectation.ExpectedVersion) },
                ["u"] = new BsonDocument("$set", new BsonDocument("version", new BsonInt64(nextVersion))),
            }
            : new BsonDocument
            {
                ["q"] = new BsonDocument("_id", id),
                ["u"] = new BsonDocument("$setOnInsert", new BsonDocument("version", new BsonInt64(nextVersion))),
                ["upsert"] = true,
            };
    }

    // The statement, whichever of its two forms, now sets the version a later commit of its chain leaves.
    private static void AdvanceFurther(BsonDocument statement, long nextVersion) =>
        statement["u"][0]["version"] = new BsonInt64(nextVersion);
}
