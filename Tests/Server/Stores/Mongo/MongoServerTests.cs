using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Runs;
using EventCommitLab.Reporting;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;
using MongoDB.Bson;
using MongoDB.Driver;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// The MongoDB store against a real replica set (MONGODB_URI, with test commands enabled as docker/mongo-replica-set.yml
/// does); skipped with the reason where there is none. The contract suite and the batch-write tests run on it as well.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class MongoServerTests(LabStores stores)
{
    [Fact]
    public async Task a_real_replica_set_passes_the_checks_the_lab_refuses_other_servers_by()
    {
        var provider = (MongoStoreProvider)await stores.ProviderAsync("mongo");
        using var client = new MongoClient(provider.Uri);

        var failures = await MongoDeploymentCheck.RunAsync(client, WriteConcern.WMajority, CancellationToken.None);

        Assert.Empty(failures);
        Assert.Contains("retryable writes and reads off", provider.Description, StringComparison.Ordinal);
    }

    /// <summary>
    /// The server applies the commit and then answers every commitTransaction with a write-concern error (the driver's
    /// own retry and the store's three attempts alike), so the store gives up and the strategy looks the commit up:
    /// it must find it, once, under the numbers it was written with.
    /// </summary>
    [Fact]
    public async Task a_commit_applied_whose_every_answer_is_lost_is_settled_as_written_once_by_the_lookup()
    {
        await using var run = await stores.StartRunAsync("mongo", "TransactionalCounter");

        var outcome = await WithFailedCommitsAsync(
            await UriAsync(),
            new BsonDocument("writeConcernError", new BsonDocument { ["code"] = 91, ["codeName"] = "ShutdownInProgress", ["errmsg"] = "the lab's fail point" }),
            () => run.CommitAsync(3));

        Assert.Null(outcome.Failure);
        Assert.Equal([0L, 1, 2], outcome.Result!.SequenceNumbers);
        var report = await run.VerifyAsync();
        Assert.Empty(report.Violations);
        Assert.Equal(3, report.FoundEvents);
    }

    /// <summary>
    /// The server closes the connection before running any commitTransaction (every send, the driver's retry
    /// included): the lookup finds the commit absent, and the strategy's retry writes it once.
    /// </summary>
    [Fact]
    public async Task a_commit_cut_before_it_ran_is_found_absent_and_written_once_by_the_retry()
    {
        await using var run = await stores.StartRunAsync("mongo", "TransactionalCounter");

        var outcome = await WithFailedCommitsAsync(await UriAsync(), new BsonDocument("closeConnection", true), () => run.CommitAsync(3));

        Assert.Null(outcome.Failure);
        var report = await run.VerifyAsync();
        Assert.Empty(report.Violations);
        Assert.Equal(3, report.FoundEvents);
    }

    /// <summary>
    /// The harness end to end on the replica set: a small grid, dry job, bounded in time so that a hang fails the test
    /// rather than CI; every case verified by reading the database back, and the pages written.
    /// </summary>
    [Fact]
    public async Task the_harness_races_a_small_grid_on_the_replica_set_and_verifies_every_log_within_its_bound()
    {
        var uri = await UriAsync();
        var folder = Path.Combine(Path.GetTempPath(), $"commit-lab-mongo-run-{Guid.NewGuid():N}");
        var options = LabOptions.Parse(
            ["--store", "mongo", "--mongo-uri", uri, "--job", "dry", "--strategies", "TransactionalCounter,BatchingPipeline", "--load", "waves",
             "--methods", "CommitEvents,CommitAggregateEvents", "--events", "2", "--concurrency", "1,3", "--contention", "none", "--case-timeout", "60", "--out", folder],
            new PostgresStoreConfiguration(), new MongoStoreConfiguration());
        using var bound = new CancellationTokenSource(TimeSpan.FromMinutes(5));
        try
        {
            var exit = await LabRunner.RunAsync(options, "test", TextWriter.Null, bound.Token);

            Assert.Equal(0, exit);
            var record = RunRecord.Read(folder);
            Assert.NotEmpty(record.Cases);
            Assert.All(record.Cases, c => Assert.True(c.Succeeded, c.Failure));
            Assert.All(record.Cases.Where(c => !c.IsCeiling), c => Assert.Equal((VerificationKind.Verifier, true), (c.Verification.Checked, c.Verification.Passed)));
            Assert.Contains("This run measured MongoDB itself", File.ReadAllText(Path.Combine(folder, VerdictWriter.FileName)), StringComparison.Ordinal);
        }
        finally
        {
            if (Directory.Exists(folder))
            {
                Directory.Delete(folder, recursive: true);
            }
        }
    }

    private async Task<string> UriAsync() => ((MongoStoreProvider)await stores.ProviderAsync("mongo")).Uri;

    // Each of the store's attempts is two sends: the driver retries a commit once on its own (transactions specification).
    private static async Task<T> WithFailedCommitsAsync<T>(string uri, BsonDocument failure, Func<Task<T>> act)
    {
        using var client = new MongoClient(uri);
        var admin = client.GetDatabase("admin");
        var data = new BsonDocument { ["failCommands"] = new BsonArray { "commitTransaction" }, ["appName"] = "event-commit-lab" }.AddRange(failure);
        await admin.RunCommandAsync<BsonDocument>(new BsonDocument
        {
            ["configureFailPoint"] = "failCommand",
            ["mode"] = new BsonDocument("times", 2 * MongoStoreSession.CommitAttempts),
            ["data"] = data,
        }, cancellationToken: TestContext.Current.CancellationToken);
        try
        {
            return await act();
        }
        finally
        {
            await admin.RunCommandAsync<BsonDocument>(new BsonDocument { ["configureFailPoint"] = "failCommand", ["mode"] = "off" }, cancellationToken: TestContext.Current.CancellationToken);
        }
    }
}
