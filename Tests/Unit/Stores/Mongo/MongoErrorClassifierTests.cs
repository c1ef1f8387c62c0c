using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>What a MongoDB error means for a commit, decided from codes, categories and labels: as a pure function, and from the driver's own exceptions.</summary>
public sealed class MongoErrorClassifierTests
{
    public static TheoryData<MongoErrorFacts, StoreErrorKind> Cases => new()
    {
        { new(112, false, [MongoErrorClassifier.TransientTransactionError], MongoErrorSource.Server), StoreErrorKind.Transient },
        { new(112, false, [], MongoErrorSource.Server), StoreErrorKind.Transient },
        { new(11000, true, [], MongoErrorSource.Server), StoreErrorKind.Transient },
        { new(251, false, [MongoErrorClassifier.TransientTransactionError], MongoErrorSource.Server), StoreErrorKind.Transient },
        { new(10107, false, [], MongoErrorSource.Server), StoreErrorKind.Transient },
        { new(189, false, [], MongoErrorSource.Server), StoreErrorKind.Transient },
        { new(50, false, [MongoErrorClassifier.UnknownTransactionCommitResult], MongoErrorSource.Server), StoreErrorKind.OutcomeUnknown },
        { new(null, false, [MongoErrorClassifier.UnknownTransactionCommitResult, MongoErrorClassifier.TransientTransactionError], MongoErrorSource.Network), StoreErrorKind.OutcomeUnknown },
        { new(64, false, [], MongoErrorSource.WriteConcern), StoreErrorKind.OutcomeUnknown },
        { new(null, false, [], MongoErrorSource.Network), StoreErrorKind.Transient },
        { new(251, false, [], MongoErrorSource.Server), StoreErrorKind.Transient },
        { new(null, false, [MongoErrorClassifier.TransientTransactionError], MongoErrorSource.Network), StoreErrorKind.Transient },
        { new(null, false, [MongoErrorClassifier.SystemOverloadedError, "RetryableError"], MongoErrorSource.Server), StoreErrorKind.Transient },
        { new(13, false, [], MongoErrorSource.Server), StoreErrorKind.Fatal },
        { new(null, false, [], MongoErrorSource.Client), StoreErrorKind.Fatal },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void each_code_category_and_label_has_its_meaning(MongoErrorFacts facts, StoreErrorKind kind)
    {
        Assert.Equal(kind, MongoErrorClassifier.Classify(facts));
    }

    [Fact]
    public void a_write_conflict_from_the_driver_is_transient_and_a_lost_commit_answer_unknown()
    {
        var conflict = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = 112, ["codeName"] = "WriteConflict", ["errorLabels"] = new BsonArray { "TransientTransactionError" } });
        var unknownCommit = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = 91, ["codeName"] = "ShutdownInProgress", ["errorLabels"] = new BsonArray { "UnknownTransactionCommitResult" } });
        var duplicate = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = 11000, ["codeName"] = "DuplicateKey" });
        var unauthorized = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = 13, ["codeName"] = "Unauthorized" });

        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(conflict));
        Assert.Equal(StoreErrorKind.OutcomeUnknown, MongoErrorClassifier.Classify(unknownCommit));
        Assert.Equal((11000, true), (MongoErrorClassifier.FactsOf(duplicate).Code, MongoErrorClassifier.FactsOf(duplicate).DuplicateKey));
        Assert.Equal(StoreErrorKind.Fatal, MongoErrorClassifier.Classify(unauthorized));
    }

    [Fact]
    public void a_connection_error_on_its_own_is_a_read_or_a_request_never_answered_and_a_write_the_store_gave_up_on_is_unknown()
    {
        var connection = new MongoConnectionException(DriverErrors.Connection(), "reset by peer");

        // The store's session turns a write's lost answer into WriteOutcomeUnknownException; what reaches the
        // classifier bare is a read (a lookup that may be tried again) or a request the pool never sent.
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(connection));
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(new MongoConnectionPoolPausedException("pool paused")));
        Assert.Equal(StoreErrorKind.OutcomeUnknown, MongoErrorClassifier.Classify(new WriteOutcomeUnknownException("commitTransaction", connection)));
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(new TimeoutException("no server selected")));
        Assert.Equal(StoreErrorKind.Fatal, MongoErrorClassifier.Classify(new InvalidOperationException("a bug")));
    }

    [Fact]
    public void at_the_commit_only_the_servers_own_refusal_is_a_definite_answer()
    {
        var aborted = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = 251, ["codeName"] = "NoSuchTransaction", ["errorLabels"] = new BsonArray { "TransientTransactionError" } });
        var lostAnswer = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = 91, ["codeName"] = "ShutdownInProgress", ["errorLabels"] = new BsonArray { "UnknownTransactionCommitResult" } });
        var unauthorized = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["code"] = 13, ["codeName"] = "Unauthorized" });

        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.ClassifyCommit(aborted));
        Assert.Equal(StoreErrorKind.Fatal, MongoErrorClassifier.ClassifyCommit(unauthorized));
        Assert.Equal(StoreErrorKind.OutcomeUnknown, MongoErrorClassifier.ClassifyCommit(lostAnswer));

        // Overloaded (decided by its label, whatever the code): this send did not run, but the driver's own retry of a commit may follow one that did.
        var overloaded = DriverErrors.Command(new BsonDocument { ["ok"] = 0, ["errorLabels"] = new BsonArray { "SystemOverloadedError", "RetryableError" } });
        Assert.Equal(StoreErrorKind.OutcomeUnknown, MongoErrorClassifier.ClassifyCommit(overloaded));
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(overloaded));

        // Each of these may follow a commit the driver sent (it retries a commit once on its own): none says it did not land.
        Assert.Equal(StoreErrorKind.OutcomeUnknown, MongoErrorClassifier.ClassifyCommit(new TimeoutException("no server selected")));
        Assert.Equal(StoreErrorKind.OutcomeUnknown, MongoErrorClassifier.ClassifyCommit(new MongoConnectionException(DriverErrors.Connection(), "reset by peer")));
        Assert.Equal(StoreErrorKind.OutcomeUnknown, MongoErrorClassifier.ClassifyCommit(new OperationCanceledException()));
    }
}
