using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Contract.Port;

/// <summary>Each store's durabilities: a log at each takes commits, an unknown one is refused, PostgreSQL's apply to the log's database.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class DurabilityTests(LabStores stores)
{
    public static TheoryData<string> Stores => LabStores.Names;

    [Theory]
    [MemberData(nameof(Stores))]
    public async Task a_log_at_each_durability_the_store_offers_takes_a_batch_and_an_unknown_one_is_refused_with_the_valid_ones(string store)
    {
        var provider = await stores.ProviderAsync(store);
        Assert.Contains(provider.Durability, provider.Durabilities);
        foreach (var durability in provider.Durabilities)
        {
            await using var log = await provider.CreateFreshLogAsync(durability, CancellationToken.None);
            Assert.True(Assert.Single(await log.WriteBatchAsync([CommitRequest.ForEvents(new SampleEvents().Create(2))], CancellationToken.None)).Written, durability);
            Assert.Equal(2, await log.ReadLogAsync(TestContext.Current.CancellationToken).CountAsync(cancellationToken: TestContext.Current.CancellationToken));
        }

        var refused = await Assert.ThrowsAsync<ArgumentException>(() => provider.CreateFreshLogAsync("sometimes", CancellationToken.None));
        Assert.Contains($"'sometimes'. Valid values: {string.Join(", ", provider.Durabilities)}", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task a_postgres_log_at_async_commit_runs_its_sessions_with_synchronous_commit_off_and_a_durable_one_on()
    {
        var provider = await stores.ProviderAsync("postgres");

        Assert.Equal(["durable", "async-commit"], provider.Durabilities);
        Assert.Equal(("on", "off"), (await SynchronousCommitAsync(provider, "durable"), await SynchronousCommitAsync(provider, "async-commit")));
    }

    private static async Task<string> SynchronousCommitAsync(IEventStoreProvider provider, string durability)
    {
        await using var log = (PostgresEventStore)await provider.CreateFreshLogAsync(durability, CancellationToken.None);
        await using var connection = new NpgsqlConnection(log.ConnectionString);
        await connection.OpenAsync();
        await using var command = new NpgsqlCommand("SHOW synchronous_commit", connection);
        return (string)(await command.ExecuteScalarAsync())!;
    }
}
