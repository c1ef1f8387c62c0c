using EventCommitLab.Contract.Model;
using EventCommitLab.Harness.DcbAppends;
using EventCommitLab.Tests.Infrastructure;

namespace EventCommitLab.Tests.Dcb;

/// <summary>The reads suite's reads on the real database: Query returns exactly a tag's events, Project the dataset's counts.</summary>
[Collection(LabStoresCollection.Name)]
public sealed class DcbReadTests(LabStores stores)
{
    [Fact]
    public async Task a_query_for_one_tag_among_many_returns_exactly_its_events_in_position_order()
    {
        await using var log = await stores.FreshDcbLogAsync();
        await log.FillWithTaggedEventsAsync(1_000, 10, CancellationToken.None);

        var events = await log.ReadAsync(DcbQuery.Of([], "tag:7"), 0, 100, CancellationToken.None);

        Assert.Equal(Enumerable.Range(0, 10).Select(j => 8L + (1_000 * j)), events.Select(e => e.Position));
        Assert.All(events, e => Assert.Equal(["tag:7"], e.Tags));
        Assert.Empty(await log.ReadAsync(DcbQuery.Of([], "tag:1000"), 0, 100, CancellationToken.None));
        Assert.Empty(await log.ReadAsync(DcbQuery.Of(["Other"], "tag:7"), 0, 100, CancellationToken.None));
        Assert.Equal([5008L, 6008], (await log.ReadAsync(DcbQuery.Of(["Tagged"], "tag:7"), 4008, 2, CancellationToken.None)).Select(e => e.Position));
        Assert.Equal(10_000, await log.HeadAsync(CancellationToken.None));
    }

    [Fact]
    public async Task a_query_of_several_items_returns_the_events_matching_any_of_them()
    {
        await using var log = await stores.FreshDcbLogAsync();
        await log.FillWithTaggedEventsAsync(100, 3, CancellationToken.None);

        var events = await log.ReadAsync(new DcbQuery([new DcbQueryItem([], ["tag:1"]), new DcbQueryItem(["Tagged"], ["tag:2"])]), 0, 100, CancellationToken.None);

        Assert.Equal([2L, 3, 102, 103, 202, 203], events.Select(e => e.Position));
    }

    [Fact]
    public async Task project_counts_the_courses_students_and_enrollments_the_dataset_holds_across_pages()
    {
        await using var log = await stores.FreshDcbLogAsync();
        var (events, counts) = CourseEnrollmentDataset.Generate(CourseEnrollmentSize.Small);
        await log.LoadAsync(events, CancellationToken.None);
        await log.LoadAsync([new DcbEvent("Unrelated", ["course:1"], "{}")], CancellationToken.None);

        Assert.True(counts.Events > CourseEnrollmentProjection.PageSize);
        Assert.Equal(counts, await CourseEnrollmentProjection.ProjectAsync(log, CancellationToken.None));
    }
}
