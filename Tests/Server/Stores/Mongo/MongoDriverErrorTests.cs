using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// Errors the driver itself raises from a server's answer on the wire (the emulator's: it answers in MongoDB's
/// protocol, so the driver builds its exception as it would for MongoDB), handed to the classifier as the store hands
/// them, rather than exceptions a test builds after its own model of the driver. Skipped, with the reason, where the
/// emulator is not installed (.ci/run installs it).
/// </summary>
public sealed class MongoDriverErrorTests
{
    [Fact]
    public async Task a_duplicate_number_in_a_transactions_insert_many_is_a_commit_to_run_again_and_carries_no_transient_label()
    {
        await using var emulator = await MongoEmulator.StartOrSkipAsync(replicaSet: "rs0");
        using var client = new MongoClient($"{emulator.Uri}&serverMonitoringMode=poll");
        var events = client.GetDatabase($"errors_{Guid.NewGuid():N}").GetCollection<BsonDocument>("events");
        await events.InsertOneAsync(new BsonDocument("_id", 1L), cancellationToken: TestContext.Current.CancellationToken);

        // As the store appends: the log's documents keyed by their number, inserted in a transaction.
        using var session = await client.StartSessionAsync(cancellationToken: TestContext.Current.CancellationToken);
        session.StartTransaction();
        var error = await Assert.ThrowsAnyAsync<MongoException>(() =>
            events.InsertManyAsync(session, [new BsonDocument("_id", 2L), new BsonDocument("_id", 1L)], new InsertManyOptions { IsOrdered = true }, TestContext.Current.CancellationToken));

        // The specification's "DuplicateKey errors do not contain transient label": two writers took one number; nothing
        // of this commit stays, and it runs again under a new one. The emulator answers with a command error, from which
        // the driver raises a command exception; MongoDB answers with write errors, from which it raises a bulk write
        // exception that no test here can make (its errors' constructor is the driver's own), read by the same facts.
        var command = Assert.IsType<MongoCommandException>(error);
        Assert.Equal(MongoErrorClassifier.DuplicateKey, command.Code);
        Assert.DoesNotContain(MongoErrorClassifier.TransientTransactionError, error.ErrorLabels);
        Assert.DoesNotContain(MongoErrorClassifier.UnknownTransactionCommitResult, error.ErrorLabels);
        Assert.True(MongoErrorClassifier.FactsOf(error).DuplicateKey);
        Assert.Equal(StoreErrorKind.Transient, MongoErrorClassifier.Classify(error));
    }
}
