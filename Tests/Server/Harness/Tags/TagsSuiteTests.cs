using EventCommitLab.Harness.Cli;
using EventCommitLab.Harness.Tags;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.SuitePorts.Tags;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Tags;

/// <summary><c>suite tags</c> on the real database: each way of storing tags returns exactly the tagged events; a tiny real run.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class TagsSuiteTests(LabStores stores) : IDisposable
{
    private readonly string _root = Directory.CreateTempSubdirectory("commit-lab-tags-").FullName;

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Theory]
    [InlineData(TagStorage.JsonArrayGin)]
    [InlineData(TagStorage.CommaSeparatedLike)]
    [InlineData(TagStorage.TagTable)]
    [InlineData(TagStorage.TagTablePositionsFirst)]
    public async Task each_tag_storage_returns_exactly_the_events_carrying_the_tag_in_log_order(TagStorage storage)
    {
        var provider = (ITagLogProvider)await stores.ProviderAsync("postgres");
        await using var log = await provider.BuildTagLogAsync(storage, 500, [3, 20], CancellationToken.None);

        Assert.Equal([498L, 499, 500], await log.QueryAsync("last-3", CancellationToken.None));
        Assert.Equal(Enumerable.Range(481, 20).Select(p => (long)p), await log.QueryAsync("last-20", CancellationToken.None));
        Assert.Equal(Enumerable.Range(0, 50).Select(k => 1L + (10 * k)), await log.QueryAsync("kind-1", CancellationToken.None));
        Assert.Empty(await log.QueryAsync("last-2", CancellationToken.None));
        Assert.Empty(await log.QueryAsync("kind", CancellationToken.None));
        Assert.True(log.Bytes > 0);
    }

    [Fact]
    public async Task a_tiny_real_run_builds_every_storage_queries_every_tag_count_and_writes_its_summary()
    {
        var folder = Path.Combine(_root, "tags");
        var options = LabOptions.Parse(["suite", "tags", "--quick", "--rounds", "2", "--out", folder], PostgresStoreConfiguration.FromEnvironment());

        var exit = await TagsSuite.RunAsync(options, "test", TextWriter.Null, CancellationToken.None);

        Assert.Equal(ExitCodes.Verified, exit);
        var summary = await File.ReadAllTextAsync(Path.Combine(folder, "summary.md"), TestContext.Current.CancellationToken);
        Assert.Contains("| CommaSeparatedLike |", summary, StringComparison.Ordinal);
        Assert.Contains("| TagTablePositionsFirst |", summary, StringComparison.Ordinal);
        Assert.Contains("| 100 |", summary, StringComparison.Ordinal);
        Assert.Contains("Every query returned exactly the tagged events, in log order.", summary, StringComparison.Ordinal);
        Assert.Contains("| Tagged events | Verdict (queries/s) | JsonArrayGin mean |", summary, StringComparison.Ordinal);
        var record = ReportRoundTrip.Result<TagsSuiteResult>(folder);
        Assert.Equal([10, 100], record.Verdicts!.Select(v => v.Tagged));
        Assert.All(record.Verdicts!, v => Assert.InRange(v.Race.Rounds, 1, 2));
        Assert.All(record.Queries, q => Assert.Equal(q.Exit is null ? 2 : q.Exit.AfterRounds, q.Milliseconds.Count));
        ReportRoundTrip.AssertReportRewritesTheSameSummary(folder, "tags");
    }
}
