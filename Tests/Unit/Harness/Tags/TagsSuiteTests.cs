using System.Text.Json;
using EventCommitLab.Engine.Results;
using EventCommitLab.Harness.Tags;
using EventCommitLab.Reporting;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.SuitePorts.Tags;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Harness.Tags;

/// <summary><c>suite tags</c>: its command line and its table.</summary>
public sealed class TagsSuiteTests
{
    private static readonly PostgresStoreConfiguration NoEnvironment = new();

    [Fact]
    public void suite_tags_takes_the_originals_sizes_by_default_the_smoke_sizes_with_quick_and_its_own_rounds()
    {
        Assert.Equal(TagsSuiteSettings.Full, LabOptions.Parse(["suite", "tags"], NoEnvironment).SuiteSettings);
        Assert.Equal(3_000_000L, TagsSuiteSettings.Full.Events);
        Assert.Equal([10, 100, 1_000, 10_000], TagsSuiteSettings.Full.TaggedAtEnd);
        Assert.Equal(TagsSuiteSettings.Quick with { Rounds = 4 }, LabOptions.Parse(["suite", "tags", "--quick", "--rounds", "4"], NoEnvironment).SuiteSettings);
        var error = Assert.Throws<ArgumentException>(() => LabOptions.Parse(["suite", "tags", "--strategies", "InsertMany"], NoEnvironment));
        Assert.StartsWith("suite tags: --strategies has no meaning here", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void a_committed_runs_record_reads_its_rounds_and_a_new_record_keeps_them_under_the_name_those_runs_gave_them()
    {
        var folder = Directory.GetDirectories(RepositoryFolder.Results, "*-postgres-tags*").Order(StringComparer.Ordinal).Last();
        var (_, result) = SuiteRecord.TryRead(folder)!.Value;
        var web = new JsonSerializerOptions(JsonSerializerDefaults.Web);

        var settings = result["settings"].Deserialize<TagsSuiteSettings>(web)!;

        Assert.Equal(result["settings"]!["iterations"]!.GetValue<int>(), settings.Rounds);
        Assert.True(settings.Rounds > 0);
        Assert.Equal(3, JsonSerializer.SerializeToNode(TagsSuiteSettings.Quick, web)!["iterations"]!.GetValue<int>());
    }

    [Fact]
    public void the_summary_has_each_storages_build_a_row_per_tag_count_with_mean_median_and_allocated_and_the_originals_medians()
    {
        var settings = TagsSuiteSettings.Quick with { TaggedAtEnd = [10] };
        var run = new TagsSuiteResult(
            settings,
            [new TagLogBuild(TagStorage.JsonArrayGin, TimeSpan.FromSeconds(2.5), 3 * 1048576), new TagLogBuild(TagStorage.TagTable, TimeSpan.FromSeconds(4), 5 * 1048576)],
            [new TagQueryResult(TagStorage.JsonArrayGin, 10, [1.0, 3.0], new Interval(2, 1, 3, 2), 2048, true),
             new TagQueryResult(TagStorage.TagTable, 10, [0.5, 0.5], new Interval(0.5, 0.5, 0.5, 2), 1024, false)],
            new SuiteEnvironment("cpu", 2, "linux", ".NET", "PostgreSQL", "abc1234", "test", DateTimeOffset.Now, DateTimeOffset.Now));

        var summary = TagsSummaryWriter.Write(run);

        Assert.Contains("| JsonArrayGin | `jsonb` array, GIN index (`jsonb_path_ops`), matched with `@>` | 2.5 s | 3 MiB |", summary, StringComparison.Ordinal);
        Assert.Contains("| Tagged events | JsonArrayGin mean | median [95%] | allocated | TagTable mean | median [95%] | allocated |", summary, StringComparison.Ordinal);
        Assert.Contains("`last-n` for n in 10; 1 warm-up and 3 measured queries per tag and storage, storages interleaved |", summary, StringComparison.Ordinal);
        Assert.DoesNotContain("How it decides", summary, StringComparison.Ordinal);
        Assert.Contains("| 10 | 2 | 2 [1, 3] | 2 KiB | 0.5 | 0.5 [0.5, 0.5] | 1 KiB |", summary, StringComparison.Ordinal);
        Assert.Contains("**1 storage/tag pairs returned something else than exactly the tagged events:** TagTable at 10.", summary, StringComparison.Ordinal);
        Assert.Contains("| Tagged events | Csv (original) | TagTable (original) |", summary, StringComparison.Ordinal);
        Assert.Contains("| 10 | 135.824 | 2.477 |", summary, StringComparison.Ordinal);
    }
}
