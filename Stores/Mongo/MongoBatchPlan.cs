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
/// <param name="Updates">The update statements ("q", "u", "upsert") for the accepted aggregate commits, in batch order.</param>
/// <param name="AcceptedEvents">Events of the commits that were not left out: the range to reserve.</param>
internal sealed record MongoBatchPlan(IReadOnlyList<BatchCommitAnswer?> Answers, IReadOnlyList<BsonDocument> Updates, int AcceptedEvents)
{
    /// <param name="batch">Commits of distinct aggregates (<see cref="CommitBatch"/>).</param>
    /// <param name="versions">The versions read in the batch's transaction; an aggregate absent from it does not exist.</param>
    public static MongoBatchPlan Decide(IReadOnlyList<CommitRequest> batch, IReadOnlyDictionary<AggregateKey, long> versions)
    {
        var answers = new BatchCommitAnswer?[batch.Count];
        var updates = new List<BsonDocument>();
        var accepted = 0;
        for (var i = 0; i < batch.Count; i++)
        {
            if (batch[i].Aggregate is { } expectation)
            {
                var exists = versions.TryGetValue(expectation.Aggregate, out var actual);
                if (actual != expectation.ExpectedVersion)
                {
                    answers[i] = BatchCommitAnswer.LeftOut(actual);
                    continue;
                }

                updates.Add(Advance(expectation, exists, batch[i].NextAggregateVersion!.Value));
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
        [.. batch.Where(r => r.Aggregate is not null).Select(r => MongoEventDocuments.AggregateId(r.Aggregate!.Aggregate))];

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
}
