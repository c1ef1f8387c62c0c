using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// The transactions specification's error-label cases (its <c>transactions/error-labels</c> tests: an error a fail point
/// makes the server return, and the labels a driver must leave on what it throws), each raised as the driver raises it,
/// and what the store makes of it: in a transaction's statement, or at its commit. Where the specification's files are
/// on this machine, the table is held to them case by case.
/// </summary>
public sealed class MongoSpecificationErrorTests
{
    private const string Transient = MongoErrorClassifier.TransientTransactionError;
    private const string Unknown = MongoErrorClassifier.UnknownTransactionCommitResult;
    private const string RetryableWrite = "RetryableWriteError";

    // A server of 4.0 or later labels the errors of a transaction's statement TransientTransactionError in its answer;
    // the driver labels a lost connection in a transaction so, and a commit it cannot know the outcome of
    // UnknownTransactionCommitResult (with RetryableWriteError where the commit is retryable).
    public static readonly IReadOnlyList<SpecificationErrorCase> Cases =
    [
        // Nothing of a transaction aborted in a statement was committed: the whole commit may run again.
        new("NotWritablePrimary errors contain transient label", "insert", 10107, null, false, [Transient], [], StoreErrorKind.Transient),
        new("WriteConflict errors contain transient label", "insert", 112, null, false, [Transient], [], StoreErrorKind.Transient),
        new("NoSuchTransaction errors contain transient label", "insert", 251, null, false, [Transient], [], StoreErrorKind.Transient),
        new("add TransientTransactionError label to connection errors, but do not add RetryableWriteError label", "insert", null, null, true, [], [Transient], StoreErrorKind.Transient),

        // A write-concern error says a write was applied: the store looks before writing again, even inside a transaction.
        new("do not add RetryableWriteError label to writeConcernError ShutdownInProgress that occurs within transaction", "insert", null, 91, false, [], [], StoreErrorKind.OutcomeUnknown),

        // The store sets no time limit on a statement: one that runs out is a failure to report, not to retry.
        new("do not add UnknownTransactionCommitResult label to MaxTimeMSExpired inside transactions", "aggregate", 50, null, false, [], [], StoreErrorKind.Fatal),

        // The server's own answer that the transaction is gone: nothing was committed.
        new("NoSuchTransaction errors on commit contain transient label", "commitTransaction", 251, null, false, [Transient], [], StoreErrorKind.Transient),

        // Every other failed commit may have committed: the store looks it up before writing it again.
        new("add RetryableWriteError and UnknownTransactionCommitResult labels to connection errors", "commitTransaction", null, null, true, [], [RetryableWrite, Unknown], StoreErrorKind.OutcomeUnknown),
        new("add UnknownTransactionCommitResult label to writeConcernError WriteConcernTimeout", "commitTransaction", null, 64, false, [], [Unknown], StoreErrorKind.OutcomeUnknown),
        new("add UnknownTransactionCommitResult label to writeConcernError WriteConcernTimeout with wtimeout", "commitTransaction", null, 64, false, [], [Unknown], StoreErrorKind.OutcomeUnknown),
        new("omit UnknownTransactionCommitResult label from writeConcernError UnsatisfiableWriteConcern", "commitTransaction", null, 100, false, [], [], StoreErrorKind.OutcomeUnknown),
        new("omit UnknownTransactionCommitResult label from writeConcernError UnknownReplWriteConcern", "commitTransaction", null, 79, false, [], [], StoreErrorKind.OutcomeUnknown),
        new("add UnknownTransactionCommitResult label to MaxTimeMSExpired", "commitTransaction", 50, null, false, [], [Unknown], StoreErrorKind.OutcomeUnknown),
        new("add UnknownTransactionCommitResult label to writeConcernError MaxTimeMSExpired", "commitTransaction", null, 50, false, [], [Unknown], StoreErrorKind.OutcomeUnknown),
    ];

    public static TheoryData<SpecificationErrorCase> All => [.. Cases];

    [Theory]
    [MemberData(nameof(All))]
    public void an_error_as_the_specification_has_the_driver_raise_it_has_the_stores_meaning(SpecificationErrorCase error)
    {
        var raised = error.Raise();

        Assert.Equal(error.ServerLabels.Concat(error.DriverLabels).Order(StringComparer.Ordinal), raised.ErrorLabels.Order(StringComparer.Ordinal));
        Assert.True(error.Kind == (error.AtCommit ? MongoErrorClassifier.ClassifyCommit(raised) : MongoErrorClassifier.Classify(raised)), error.Description);
    }

    [Fact]
    public void the_labels_of_a_servers_answer_reach_the_exception_through_the_drivers_own_constructors()
    {
        // The cases above put the server's labels in its answer, not on the exception: the driver reads them from there.
        var command = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = 112, ["errorLabels"] = new BsonArray { Transient } }, "insert");
        var writeConcern = new MongoWriteConcernException(DriverErrors.Connection(), "write concern error", new WriteConcernResult(new BsonDocument
        {
            ["ok"] = 1,
            ["writeConcernError"] = new BsonDocument { ["code"] = 64, ["errorLabels"] = new BsonArray { Unknown } },
        }));

        Assert.Equal([Transient], command.ErrorLabels);
        Assert.Equal([Unknown], writeConcern.ErrorLabels);
    }

    [Fact]
    public void the_table_is_the_specifications_error_label_cases_each_failing_the_same_command_the_same_way_with_its_labels()
    {
        Assert.SkipWhen(MongoSpecifications.SkipReason() is not null, MongoSpecifications.SkipReason() ?? "");
        var specified = MongoSpecifications.Tests("transactions").Where(t => t.File == "error-labels.json").Select(t => t.Test)
            .Where(t => t["operations"]!.AsArray().Any(o => (string?)o!["name"] == "failPoint")).ToArray();

        Assert.Equal(specified.Select(t => (string)t["description"]!).Order(StringComparer.Ordinal), Cases.Select(c => c.Description).Order(StringComparer.Ordinal));
        foreach (var test in specified)
        {
            var ours = Cases.Single(c => c.Description == (string)test["description"]!);
            var operations = test["operations"]!.AsArray().Select(o => o!.AsObject()).ToArray();
            var data = operations.First(o => (string?)o["name"] == "failPoint")["arguments"]!["failPoint"]!["data"]!;
            Assert.Contains(ours.Command, data["failCommands"]!.AsArray().Select(c => (string)c!));
            Assert.True(ours.ErrorCode == (int?)data["errorCode"], $"{ours.Description}: error code");
            Assert.True(ours.WriteConcernCode == (int?)data["writeConcernError"]?["code"], $"{ours.Description}: write concern error's code");
            Assert.True(ours.CloseConnection == ((bool?)data["closeConnection"] ?? false), $"{ours.Description}: closed connection");

            var expected = operations.First(o => o["expectError"] is not null)["expectError"]!;
            var labels = ours.ServerLabels.Concat(ours.DriverLabels).ToHashSet(StringComparer.Ordinal);
            Assert.All(expected["errorLabelsContain"]?.AsArray().Select(l => (string)l!) ?? [], l => Assert.True(labels.Contains(l), $"{ours.Description}: {l} expected"));
            Assert.All(expected["errorLabelsOmit"]?.AsArray().Select(l => (string)l!) ?? [], l => Assert.False(labels.Contains(l), $"{ours.Description}: {l} omitted"));
        }
    }
}
