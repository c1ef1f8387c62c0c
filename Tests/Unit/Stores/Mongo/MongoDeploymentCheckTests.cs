using EventCommitLab.Stores.Mongo;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>How the store judges what a server said of itself and how its transactions behaved, without a server.</summary>
public sealed class MongoDeploymentCheckTests
{
    [Fact]
    public void a_replica_set_primary_and_a_sharded_router_are_taken()
    {
        Assert.Null(MongoDeploymentCheck.JudgeHello(new BsonDocument { ["maxWireVersion"] = 21, ["isWritablePrimary"] = true, ["setName"] = "rs0" }, "db:27017"));
        Assert.Null(MongoDeploymentCheck.JudgeHello(new BsonDocument { ["maxWireVersion"] = 21, ["isWritablePrimary"] = true, ["msg"] = "isdbgrid" }, "router:27017"));
    }

    [Theory]
    [InlineData(9)]
    [InlineData(12)]
    public void a_server_older_than_5_0_is_refused_naming_its_wire_version(int wireVersion)
    {
        var refusal = MongoDeploymentCheck.JudgeHello(new BsonDocument { ["maxWireVersion"] = wireVersion, ["isWritablePrimary"] = true, ["setName"] = "rs0" }, "db:27017");

        Assert.Contains($"db:27017 is older than 5.0 (wire version {wireVersion}", refusal, StringComparison.Ordinal);
        Assert.Contains("snapshot reads", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public void a_standalone_server_is_refused_with_what_to_do()
    {
        var refusal = MongoDeploymentCheck.JudgeHello(new BsonDocument { ["maxWireVersion"] = 21, ["isWritablePrimary"] = true }, "db:27017");

        Assert.Contains("db:27017 is a standalone server", refusal, StringComparison.Ordinal);
        Assert.Contains("start mongod with --replSet rs0 and run rs.initiate()", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public void a_secondary_is_refused_naming_its_set()
    {
        var refusal = MongoDeploymentCheck.JudgeHello(new BsonDocument { ["maxWireVersion"] = 21, ["isWritablePrimary"] = false, ["secondary"] = true, ["setName"] = "rs0" }, "db:27018");

        Assert.Contains("not the primary", refusal, StringComparison.Ordinal);
        Assert.Contains("?replicaSet=rs0", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public void the_later_writer_aborted_by_a_write_conflict_with_one_increment_kept_is_mongodb()
    {
        Assert.Null(MongoDeploymentCheck.JudgeConcurrentTransactions(MongoTransactionOutcome.Committed, MongoTransactionOutcome.WriteConflict, 1));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void two_transactions_that_both_commit_are_refused_as_not_mongodb(long counter)
    {
        var refusal = MongoDeploymentCheck.JudgeConcurrentTransactions(MongoTransactionOutcome.Committed, MongoTransactionOutcome.Committed, counter);

        Assert.Contains("both commit", refusal, StringComparison.Ordinal);
        Assert.Contains("its figures would not be MongoDB's", refusal, StringComparison.Ordinal);
    }

    [Fact]
    public void any_other_ending_is_refused_saying_how_it_ended()
    {
        var refusal = MongoDeploymentCheck.JudgeConcurrentTransactions(MongoTransactionOutcome.OtherError, MongoTransactionOutcome.WriteConflict, 0);

        Assert.Contains("ended OtherError and WriteConflict with the counter at 0", refusal, StringComparison.Ordinal);
    }
}
