using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// The rules the shape tests hold the store's transactions to (<see cref="TransactionCommandRules"/>) are the
/// specification's: every transaction in the expected command events of its <c>transactions</c> tests keeps them.
/// </summary>
public sealed class MongoSpecificationEventsTests
{
    [Fact]
    public void every_transaction_the_specification_expects_a_driver_to_send_keeps_the_rules_the_shape_tests_apply()
    {
        Assert.SkipWhen(MongoSpecifications.SkipReason() is not null, MongoSpecifications.SkipReason() ?? "");
        var checkedTransactions = 0;
        var resent = 0;
        foreach (var (file, test) in MongoSpecifications.Tests("transactions"))
        {
            foreach (var expected in test["expectEvents"]?.AsArray() ?? [])
            {
                var commands = expected!["events"]!.AsArray().Select(e => e!["commandStartedEvent"]?["command"]).OfType<System.Text.Json.Nodes.JsonNode>()
                    .Select(c => BsonDocument.Parse(c.ToJsonString())).ToArray();
                var transactions = TransactionCommandRules.Transactions(commands);
                checkedTransactions += transactions.Count;
                resent += transactions.Count(t => t.Count(s => s.GetElement(0).Name == "commitTransaction") > 1);

                Assert.True(TransactionCommandRules.Check(commands).Count == 0, $"{file}, {test["description"]}: {string.Join("; ", TransactionCommandRules.Check(commands))}");
            }
        }

        // The rules were met by the specification's transactions, resent commits among them, not by an empty reading.
        Assert.True(checkedTransactions >= 50, $"{checkedTransactions} transactions read");
        Assert.True(resent > 0, "no resent commit read");
    }

    [Fact]
    public void the_rules_name_a_transaction_that_starts_twice_or_waits_inside()
    {
        var lsid = new BsonDocument("id", 1);
        BsonDocument Statement(string name, params BsonElement[] fields) =>
            new BsonDocument { { name, "events" }, { "lsid", lsid }, { "txnNumber", 1L }, { "autocommit", false } }.AddRange(fields);

        var broken = TransactionCommandRules.Check(
        [
            Statement("insert", new BsonElement("startTransaction", true)),
            Statement("update", new BsonElement("startTransaction", true), new BsonElement("writeConcern", new BsonDocument("w", 1))),
            Statement("commitTransaction", new BsonElement("writeConcern", new BsonDocument("w", 1))),
            Statement("commitTransaction", new BsonElement("writeConcern", new BsonDocument("w", 1))),
        ]);

        Assert.Equal(
        [
            "a later statement (update) starts it again",
            "a statement (update) waits for a write concern inside the transaction",
            "a commit sent again does not wait at majority",
        ], broken);
    }
}
