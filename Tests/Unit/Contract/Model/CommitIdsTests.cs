using EventCommitLab.Contract.Model;

namespace EventCommitLab.Tests.Contract.Model;

public sealed class CommitIdsTests
{
    [Fact]
    public void ids_made_on_many_threads_at_once_are_all_distinct_version_4_guids()
    {
        var ids = new Guid[8][];
        Parallel.For(0, ids.Length, t => ids[t] = [.. Enumerable.Range(0, 20_000).Select(_ => CommitIds.New())]);
        var all = ids.SelectMany(i => i).ToArray();

        Assert.Equal(all.Length, all.Distinct().Count());
        Assert.All(all.Take(1000), id => Assert.Equal(4, id.Version));
        Assert.All(all.Take(1000), id => Assert.InRange(id.Variant, 0x8, 0xB));
    }

    [Fact]
    public void a_commit_request_gets_a_new_id_each_time()
    {
        var events = new EventCommitLab.Contract.Workload.SampleEvents().Create(2);

        Assert.NotEqual(CommitRequest.ForEvents(events).CommitId, CommitRequest.ForEvents(events).CommitId);
    }
}
