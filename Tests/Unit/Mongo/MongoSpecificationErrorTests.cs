using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Mongo;

/// <summary>
/// The transactions specification's error-label cases (its <c>transactions/error-labels</c> tests: an error a fail point
/// makes the server return, and the labels a driver must leave on what it throws), each raised as the driver raises it,
/// and what the store makes of it: in a transaction's statement, or at its commit.
/// </summary>
public sealed class MongoSpecificationErrorTests
{
    private const string Transient = MongoErrorClassifier.TransientTransactionError;
    private const string Unknown = MongoErrorClassifier.UnknownTransactionCommitResult;
    private const string RetryableWrite = "RetryableWriteError";

    public static TheoryData<string, Func<MongoException>, StoreErrorKind> Statements => new()
    {
        // Nothing of a transaction aborted in a statement was committed: the whole commit may run again.
        { "NotWritablePrimary errors contain transient label", () => CommandError(10107, Transient), StoreErrorKind.Transient },
        { "WriteConflict errors contain transient label", () => CommandError(112, Transient), StoreErrorKind.Transient },
        { "NoSuchTransaction errors contain transient label", () => CommandError(251, Transient), StoreErrorKind.Transient },
        { "add TransientTransactionError label to connection errors", () => ConnectionError(Transient), StoreErrorKind.Transient },
        // A duplicate number is two writers taking one: this commit wrote nothing, and runs again under a new one.
        { "DuplicateKey errors do not contain transient label", () => CommandError(11000), StoreErrorKind.Transient },
        // A write-concern error says a write was applied: the store looks before writing again, even inside a transaction.
        { "do not add RetryableWriteError label to writeConcernError ShutdownInProgress that occurs within transaction", () => WriteConcernError(91), StoreErrorKind.OutcomeUnknown },
        // The store sets no time limit on a statement: one that runs out is a failure to report, not to retry.
        { "do not add UnknownTransactionCommitResult label to MaxTimeMSExpired inside transactions", () => CommandError(50), StoreErrorKind.Fatal },
    };

    public static TheoryData<string, Func<MongoException>, StoreErrorKind> Commits => new()
    {
        // The server's own answer that the transaction is gone: nothing was committed.
        { "NoSuchTransaction errors on commit contain transient label", () => CommandError(251, Transient), StoreErrorKind.Transient },
        // Every other failed commit may have committed: the store looks it up before writing it again.
        { "add RetryableWriteError and UnknownTransactionCommitResult labels to connection errors", () => ConnectionError(RetryableWrite, Unknown), StoreErrorKind.OutcomeUnknown },
        { "add UnknownTransactionCommitResult label to writeConcernError WriteConcernTimeout", () => WriteConcernError(64, Unknown), StoreErrorKind.OutcomeUnknown },
        { "omit UnknownTransactionCommitResult label from writeConcernError UnsatisfiableWriteConcern", () => WriteConcernError(100), StoreErrorKind.OutcomeUnknown },
        { "omit UnknownTransactionCommitResult label from writeConcernError UnknownReplWriteConcern", () => WriteConcernError(79), StoreErrorKind.OutcomeUnknown },
        { "add UnknownTransactionCommitResult label to MaxTimeMSExpired", () => CommandError(50, Unknown), StoreErrorKind.OutcomeUnknown },
        { "add UnknownTransactionCommitResult label to writeConcernError MaxTimeMSExpired", () => WriteConcernError(50, Unknown), StoreErrorKind.OutcomeUnknown },
    };

    [Theory]
    [MemberData(nameof(Statements))]
    public void a_statements_error_as_the_specification_labels_it_has_the_stores_meaning(string specificationCase, Func<MongoException> error, StoreErrorKind kind)
    {
        Assert.True(kind == MongoErrorClassifier.Classify(error()), specificationCase);
    }

    [Theory]
    [MemberData(nameof(Commits))]
    public void a_commits_error_as_the_specification_labels_it_has_the_stores_meaning(string specificationCase, Func<MongoException> error, StoreErrorKind kind)
    {
        Assert.True(kind == MongoErrorClassifier.ClassifyCommit(error()), specificationCase);
    }

    private static MongoCommandException CommandError(int code, params string[] labels) =>
        Labelled(DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = code }, "insert"), labels);

    private static MongoWriteConcernException WriteConcernError(int code, params string[] labels) =>
        Labelled(new MongoWriteConcernException(DriverErrors.Connection(), "write concern error", new WriteConcernResult(new BsonDocument
        {
            ["ok"] = 1,
            ["writeConcernError"] = new BsonDocument { ["code"] = code, ["errmsg"] = "write concern error" },
        })), labels);

    private static MongoConnectionException ConnectionError(params string[] labels) => Labelled(new MongoConnectionException(DriverErrors.Connection(), "connection closed"), labels);

    private static T Labelled<T>(T exception, string[] labels)
        where T : MongoException
    {
        foreach (var label in labels)
        {
            exception.AddErrorLabel(label);
        }

        return exception;
    }
}
