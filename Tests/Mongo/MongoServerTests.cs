using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Mongo;

/// <summary>
/// The MongoDB store against a real replica set (MONGODB_URI, with test commands enabled as docker/mongo-replica-set.yml
/// does); skipped with the reason where there is none. The contract suite and the batch-write tests run on it as well.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class MongoServerTests(LabStores stores)
{
    private readonly SampleEvents _events = new();

    [Fact]
    public async Task a_real_replica_set_passes_the_checks_the_lab_refuses_other_servers_by()
    {
        var provider = await stores.ProviderAsync("mongo");
        using var client = new MongoClient(MongoStoreConfiguration.FromEnvironment().Uri);

        var failures = await MongoDeploymentCheck.RunAsync(client, WriteConcern.WMajority, CancellationToken.None);

        Assert.Empty(failures);
        Assert.Contains("retryable writes and reads off", provider.Description, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_commit_whose_answer_is_lost_is_sent_again_as_a_commit_and_written_once()
    {
        await using var log = await stores.FreshStoreAsync("mongo");
        using var client = new MongoClient(MongoStoreConfiguration.FromEnvironment().Uri);
        var admin = client.GetDatabase("admin");
        var events = CommitRequest.ForEvents(_events.Create(3));
        await using (var transaction = await log.BeginTransactionAsync(CancellationToken.None))
        {
            var first = await transaction.ReserveSequenceNumbersAsync(events.Events.Count, CancellationToken.None);
            await transaction.InsertEventsAsync(events.Stamp(first), CancellationToken.None);

            // The server closes the connection instead of answering the first commitTransaction: the commit may have happened.
            await admin.RunCommandAsync<BsonDocument>(new BsonDocument
            {
                ["configureFailPoint"] = "failCommand",
                ["mode"] = new BsonDocument("times", 1),
                ["data"] = new BsonDocument { ["failCommands"] = new BsonArray { "commitTransaction" }, ["closeConnection"] = true, ["appName"] = "event-commit-lab" },
            }, cancellationToken: TestContext.Current.CancellationToken);
            try
            {
                await transaction.CommitAsync(CancellationToken.None);
            }
            finally
            {
                await admin.RunCommandAsync<BsonDocument>(new BsonDocument { ["configureFailPoint"] = "failCommand", ["mode"] = "off" }, cancellationToken: TestContext.Current.CancellationToken);
            }
        }

        var stored = await log.ReadLogAsync(TestContext.Current.CancellationToken).ToListAsync(TestContext.Current.CancellationToken);
        Assert.Equal([0L, 1, 2], stored.Select(e => e.SequenceNumber));
        Assert.All(stored, e => Assert.Equal(events.CommitId, e.CommitId));
        Assert.Equal([0L, 1, 2], (await log.FindCommitsAsync([events.CommitId], CancellationToken.None))[events.CommitId]);
    }
}
