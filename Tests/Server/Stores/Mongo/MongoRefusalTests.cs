using EventCommitLab.Contract.Port;
using EventCommitLab.Stores.Mongo;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Stores.Mongo;

/// <summary>
/// The store refuses a server that speaks MongoDB's protocol without MongoDB's semantics: the emulator from the npm
/// registry, which lets two transactions writing one document both commit. Skipped, with the reason, where the
/// emulator is not installed (.ci/run installs it).
/// </summary>
public sealed class MongoRefusalTests
{
    [Fact]
    public async Task a_server_that_lets_two_transactions_overwrite_each_other_is_refused_as_not_mongodb()
    {
        await using var emulator = await MongoEmulator.StartOrSkipAsync(replicaSet: "rs0");

        // Polled monitoring: the emulator does not keep up with the driver's streaming heartbeat, and the driver pauses its pool.
        var error = await Assert.ThrowsAsync<StoreSetupException>(() =>
            MongoStoreProvider.StartAsync(new MongoStoreConfiguration { Uri = $"{emulator.Uri}&serverMonitoringMode=poll", WriteConcern = "majority" }, CancellationToken.None));

        Assert.Contains("The lab refuses the server at", error.Message, StringComparison.Ordinal);
        Assert.Contains("its figures would not be MongoDB's", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public async Task a_standalone_server_is_refused_with_what_to_do()
    {
        await using var emulator = await MongoEmulator.StartOrSkipAsync(replicaSet: null);

        var error = await Assert.ThrowsAsync<StoreSetupException>(() =>
            MongoStoreProvider.StartAsync(new MongoStoreConfiguration { Uri = emulator.Uri }, CancellationToken.None));

        Assert.Contains("is a standalone server", error.Message, StringComparison.Ordinal);
        Assert.Contains("start mongod with --replSet rs0 and run rs.initiate()", error.Message, StringComparison.Ordinal);
    }
}
