using EventCommitLab.Contract.Model;
using EventCommitLab.Contract.Port;
using EventCommitLab.Contract.Workload;
using EventCommitLab.Engine.Measurement;
using EventCommitLab.Engine.Results;
using EventCommitLab.SuitePorts.Ceiling;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Engine.Measurement;

/// <summary>The ceiling's raw writers on a real private PostgreSQL: what they write, and that their logs are checked by counting rows.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class RawCeilingTests(LabStores stores)
{
    private static readonly CellKey Wave = new(LoadKind.Waves, BenchmarkMethod.CommitAggregateEvents, 3, 6);

    [Theory]
    [InlineData(OneGroupCeiling.VariantName)]
    [InlineData(InFlightCeiling.VariantName)]
    [InlineData(PerCommitCeiling.VariantName)]
    public async Task every_variant_writes_every_commits_rows_and_aggregate_versions_and_answers_each_with_its_numbers(string variant)
    {
        await using var store = await stores.FreshStoreAsync("postgres");
        await using var ceiling = RawCeiling.Create(variant, store, Wave);
        var sample = new SampleEvents();
        var commits = Enumerable.Range(0, Wave.Committers)
            .Select(i => CommitRequest.ForAggregate(new AggregateKey($"order-{i}", "Order"), 0, sample.Create($"order-{i}", Wave.NumberOfEvents)))
            .ToArray();

        var outcomes = ceiling.TakesWholeGroups
            ? await ceiling.CommitAsync(commits, CancellationToken.None)
            : (await Task.WhenAll(commits.Select(c => ceiling.CommitAsync([c], CancellationToken.None)))).SelectMany(o => o).ToArray();
        var check = await ceiling.StopAndCheckAsync(new(), 0, CancellationToken.None);

        Assert.Equal(commits.Select(c => c.CommitId), outcomes.Select(o => o.Request.CommitId));
        var numbers = outcomes.SelectMany(o => o.Result!.SequenceNumbers).ToArray();
        Assert.Equal(Enumerable.Range(0, 18).Select(n => (long)n), numbers.Order());
        Assert.Equal((VerificationKind.RowCount, true, 18L, 18L), (check.Checked, check.Passed, check.ExpectedEvents, check.FoundEvents));
        Assert.Equal(6, (await store.ReadSnapshotAsync(TestContext.Current.CancellationToken)).Aggregates.Count(v => v.Version == 3));
    }

    [Fact]
    public async Task the_overlapping_variant_splits_a_wave_among_its_writers()
    {
        var store = new InterceptingEventStore(await stores.FreshStoreAsync("postgres"));
        await using var owned = store;
        await using var ceiling = new InFlightCeiling(store, committers: 6);
        var sample = new SampleEvents();

        // A wave handed over at once: at most a writer's share of it (three commits of two events) per statement.
        await ceiling.CommitAsync([.. Enumerable.Range(0, 6).Select(_ => CommitRequest.ForEvents(sample.Create(2)))], CancellationToken.None);

        Assert.Equal(2, InFlightCeiling.Writers);
        Assert.Equal(12, store.RawWrites.Sum());
        Assert.All(store.RawWrites, rows => Assert.True(rows <= 6, $"a statement of {rows} rows holds more than a writer's share"));
    }

    [Theory]
    [InlineData(StoreToolRows.SentByClient)]
    [InlineData(StoreToolRows.EveryColumnSentByClient)]
    [InlineData(StoreToolRows.BuiltOnServer)]
    public async Task the_stores_own_tool_inserts_whole_statements_of_event_rows_and_says_how_fast(StoreToolRows rows)
    {
        var provider = (IStoreToolEventInserts)await stores.ProviderAsync("postgres");

        var rate = await provider.MeasureEventInsertsWithStoreToolAsync(rowsPerStatement: 10, clients: 2, payloadBytes: 300, rows, TimeSpan.FromSeconds(1), CancellationToken.None);

        Assert.SkipWhen(rate is null, "pgbench is not beside this machine's PostgreSQL server programs");
        Assert.StartsWith("pgbench", rate.Tool, StringComparison.Ordinal);
        Assert.True(rate.Inserts > 0 && rate.Inserts % 10 == 0, $"{rate.Inserts} rows");
        Assert.True(rate.PerSecond > 0);
        Assert.Contains("-c 2", rate.CommandLine, StringComparison.Ordinal);
        Assert.Equal(rows != StoreToolRows.BuiltOnServer, rate.CommandLine.Contains("-D payloads=<10 payloads>", StringComparison.Ordinal));
        Assert.Equal(rows == StoreToolRows.EveryColumnSentByClient, rate.CommandLine.Contains("-D commit_ids=<1 commit ids> -D tag_lists=<1 tag lists> -D sources=<10 sources>", StringComparison.Ordinal));
    }
}
