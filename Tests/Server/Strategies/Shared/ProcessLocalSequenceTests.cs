using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies;
using EventCommitLab.Strategies.Shared;
using EventCommitLab.Tests.Infrastructure;
using Npgsql;

namespace EventCommitLab.Tests.Strategies.Shared;

/// <summary>
/// The strategies numbering from a counter in the process read the log's end on first use. They used to open a
/// connection of their own for it while the committer held one in its transaction: with every pooled connection held
/// by committers waiting for that read (100 committers starting at once in a fresh writer process), nothing moved until
/// the pool's timeout. A pool of one connection makes that wait certain.
/// </summary>
[Collection(LabStoresCollection.Name)]
public sealed class ProcessLocalSequenceTests(LabStores stores)
{
    [Theory]
    [InlineData("InMemorySequence")]
    [InlineData("InsertMany")]
    [InlineData("SingleEventNoTransaction")]
    public async Task the_first_commit_reads_the_logs_end_through_its_own_connection_not_a_second_one(string strategy)
    {
        await using var direct = (PostgresEventStore)await stores.FreshStoreAsync("postgres");
        var onePooled = new NpgsqlConnectionStringBuilder(direct.ConnectionString) { MaxPoolSize = 1, Timeout = 2 };
        await using var store = PostgresEventStore.Open(onePooled.ConnectionString, "a pool of one connection");
        await using var instance = StrategyCatalog.Get(strategy).Create(
            store, new CommitStrategyOptions { Retry = new CommitRetryOptions { TotalTimeout = TimeSpan.FromSeconds(10) } });

        var result = await instance.CommitAsync(CommitRequest.ForEvents(new SampleEvents().Create(2)), CancellationToken.None);

        Assert.Equal([0L, 1], result.SequenceNumbers);
        Assert.Equal(0, instance.Counters.Retries);
    }
}
