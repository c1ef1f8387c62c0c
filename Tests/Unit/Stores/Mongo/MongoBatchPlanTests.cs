using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Stores.Mongo;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// The MongoDB batch write's decisions, which need no server: which commits of a hand-built batch its aggregate
/// checks leave out, and the one update command for the rest. The write itself runs in the contract suite against a
/// real MongoDB (MONGODB_URI).
/// </summary>
public sealed class MongoBatchPlanTests
{
    private readonly SampleEvents _events = new();

    [Fact]
    public void commits_whose_expected_version_differs_from_the_one_read_are_left_out_with_it_and_take_no_numbers()
    {
        var known = new AggregateKey("known", "Order");
        var stale = new AggregateKey("stale", "Order");
        var fresh = new AggregateKey("fresh", "Order");
        var taken = new AggregateKey("taken", "Order");
        CommitRequest[] batch =
        [
            CommitRequest.ForEvents(_events.Create(2)),
            CommitRequest.ForAggregate(known, 3, _events.Create("known", 1)),
            CommitRequest.ForAggregate(stale, 1, _events.Create("stale", 4)),
            CommitRequest.ForAggregate(fresh, 0, _events.Create("fresh", 3)),
            CommitRequest.ForAggregate(taken, 0, _events.Create("taken", 5)),
        ];
        var read = new Dictionary<AggregateKey, long> { [known] = 3, [stale] = 2, [taken] = 7 };

        var plan = MongoBatchPlan.Decide(batch, read);

        Assert.Null(plan.Answers[0]);
        Assert.Null(plan.Answers[1]);
        Assert.Equal(2, plan.Answers[2]!.ActualAggregateVersion);
        Assert.False(plan.Answers[2]!.Written);
        Assert.Null(plan.Answers[3]);
        Assert.Equal(7, plan.Answers[4]!.ActualAggregateVersion);
        Assert.Equal(2 + 1 + 3, plan.AcceptedEvents);
    }

    [Fact]
    public void an_existing_aggregate_is_advanced_only_from_the_version_read_and_a_new_one_is_created_by_an_upsert()
    {
        var plan = KnownAtThreeAndFresh();

        Assert.Equal(2, plan.Updates.Count);
        var advance = plan.Updates[0];
        Assert.Equal(new BsonDocument { ["eventSource"] = "known", ["aggregateType"] = "Order" }, advance["q"]["_id"]);
        Assert.Equal(new BsonInt64(3), advance["q"]["version"]);
        Assert.Equal(new BsonInt64(5), advance["u"]["$set"]["version"]);
        Assert.False(advance.Contains("upsert"));
        var create = plan.Updates[1];
        Assert.False(create["q"].AsBsonDocument.Contains("version"));
        Assert.Equal(new BsonInt64(1), create["u"]["$setOnInsert"]["version"]);
        Assert.True(create["upsert"].AsBoolean);
    }

    [Fact]
    public void an_aggregates_chain_is_decided_in_order_and_advanced_by_one_update_from_the_version_read_past_its_last_commit_that_passed()
    {
        var known = new AggregateKey("known", "Order");
        var fresh = new AggregateKey("fresh", "Order");
        CommitRequest[] batch =
        [
            CommitRequest.ForAggregate(known, 2, _events.Create("known", 1)), // known is at 3: left out
            CommitRequest.ForAggregate(fresh, 0, _events.Create("fresh", 2)),
            CommitRequest.ForAggregate(known, 3, _events.Create("known", 2)), // continues it, and expects what was read: passes
            CommitRequest.ForAggregate(fresh, 2, _events.Create("fresh", 1)),
            CommitRequest.ForAggregate(known, 5, _events.Create("known", 1)),
        ];

        var plan = MongoBatchPlan.Decide(batch, new Dictionary<AggregateKey, long> { [known] = 3 });

        Assert.Equal([3L, null, null, null, null], plan.Answers.Select(a => a?.ActualAggregateVersion));
        Assert.Equal(2 + 2 + 1 + 1, plan.AcceptedEvents);
        Assert.Equal(["known", "fresh"], MongoBatchPlan.AggregateIds(batch).Select(id => id["eventSource"].AsString));
        Assert.Equal(2, plan.Updates.Count);
        Assert.Equal(new BsonInt64(3), plan.Updates[1]["q"]["version"]);
        Assert.Equal(new BsonInt64(6), plan.Updates[1]["u"]["$set"]["version"]);
        Assert.Equal(new BsonInt64(3), plan.Updates[0]["u"]["$setOnInsert"]["version"]);
        Assert.True(plan.Updates[0]["upsert"].AsBoolean);
    }

    [Fact]
    public void a_batch_without_aggregate_commits_reads_no_aggregates_and_updates_none()
    {
        CommitRequest[] batch = [CommitRequest.ForEvents(_events.Create(1)), CommitRequest.ForEvents(_events.Create(4))];

        var plan = MongoBatchPlan.Decide(batch, new Dictionary<AggregateKey, long>());

        Assert.Empty(MongoBatchPlan.AggregateIds(batch));
        Assert.Empty(plan.Updates);
        Assert.All(plan.Answers, Assert.Null);
        Assert.Equal(5, plan.AcceptedEvents);
    }

    [Fact]
    public void each_update_statement_goes_to_the_driver_unchanged_as_one_model_of_an_ordered_bulk_write()
    {
        var plan = KnownAtThreeAndFresh();

        var models = plan.Updates.Select(MongoBatchPlan.ToModel).ToArray();

        Assert.Equal(plan.Updates.Select(u => u["q"]), models.Select(m => (BsonValue)((BsonDocumentFilterDefinition<BsonDocument>)m.Filter).Document));
        Assert.Equal(plan.Updates.Select(u => u["u"]), models.Select(m => (BsonValue)((BsonDocumentUpdateDefinition<BsonDocument>)m.Update).Document));
        Assert.Equal([false, true], models.Select(m => m.IsUpsert));
    }

    // An existing aggregate at version 3 advanced by two events, and a new one created with one.
    private MongoBatchPlan KnownAtThreeAndFresh()
    {
        var known = new AggregateKey("known", "Order");
        var fresh = new AggregateKey("fresh", "Order");
        CommitRequest[] batch = [CommitRequest.ForAggregate(known, 3, _events.Create("known", 2)), CommitRequest.ForAggregate(fresh, 0, _events.Create("fresh", 1))];
        return MongoBatchPlan.Decide(batch, new Dictionary<AggregateKey, long> { [known] = 3 });
    }
}
